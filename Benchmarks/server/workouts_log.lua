-- POST /v1/trainee/workouts/log: the demo's Push day finished (warm-up, working and failure sets,
-- a superset, a bike block), each request with its own Idempotency-Key so each one is stored.
-- With BENCH_TOKENS_FILE, the requests take turns among its trainees.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")
dofile(os.getenv("BENCH_LUA_DIR") .. "/tokens.lua")

local function strength(n, reps, target, weight, rir)
  return string.format('{"setNumber":%d,"reps":%d,"targetReps":%d,"weight":%s,"rir":%s,' ..
    '"rm":null,"done":true}', n, reps, target, weight, rir and ('"' .. rir .. '"') or "null")
end

local function entry(id, name, tempo, sets)
  return '{"exerciseId":"' .. id .. '","name":"' .. name .. '","done":true,"tempo":' ..
    (tempo and ('"' .. tempo .. '"') or "null") .. ',"sets":[' .. table.concat(sets, ",") .. ']}'
end

local body = '{"programId":"plan_strength","dayId":"day_push","label":"Push",' ..
  '"durationSec":4210,"completed":true,"entries":[' .. table.concat({
    entry("ex_bench", "Bench press", "3-0-1-0", {
      strength(1, 10, 10, "40", nil), strength(2, 8, 8, "60", "2"),
      strength(3, 7, 8, "60", "1"), strength(4, 9, 0, "55", "0") }),
    entry("ex_incline_db", "Incline dumbbell press", nil, {
      strength(1, 12, 12, "22", "2"), strength(2, 11, 12, "22", "1"),
      strength(3, 10, 12, "22", "1") }),
    entry("ex_dips", "Dips", nil, {
      strength(1, 12, 12, "null", "2"), strength(2, 10, 12, "null", "1"),
      strength(3, 9, 12, "null", "0") }),
    entry("ex_pushdown", "Cable pushdown", nil, {
      strength(1, 15, 15, "25", "2"), strength(2, 14, 15, "25", "1"),
      strength(3, 12, 15, "27.5", "0") }),
    entry("ex_bike", "Bike", nil, {
      '{"setNumber":1,"durationSec":600,"distanceKm":5.2,"rpe":"6","done":true}' }),
  }, ",") .. ']}'

local headers = {
  ["Accept"] = "application/json",
  ["Content-Type"] = "application/json",
  ["X-Timezone"] = "UTC",
}
local tokens = {}
function init(args)
  tokens = bench_tokens()
end
local path = "/v1/trainee/workouts/log"

-- Keys unique across threads and runs: the run's id, the thread's number, a counter.
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

local count = 0
function request()
  count = count + 1
  headers["Authorization"] = "Bearer " .. tokens[count % #tokens + 1]
  headers["Idempotency-Key"] = string.format("bench-%s-%d-%d",
    os.getenv("BENCH_RUN_ID"), thread_number or 0, count)
  return wrk.format("POST", path, headers, body)
end
