-- GET of the URL as the trainee of BENCH_TOKEN, each thread stopping after its share of
-- BENCH_REQUESTS answers (for the memory rows: RSS after a given number of requests).
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")
wrk.method = "GET"
wrk.headers["Accept"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")
wrk.headers["X-Timezone"] = "UTC"

function setup(thread)
  thread:set("share", math.ceil(tonumber(os.getenv("BENCH_REQUESTS")) /
    tonumber(os.getenv("BENCH_THREADS"))))
end

local answered = 0
function response(status, headers, body)
  answered = answered + 1
  if answered >= share then wrk.thread:stop() end
end
