-- PUT /v1/trainee/nutrition/day: the demo trainee's training day half eaten (a swap, a portion,
-- a photo meal and a custom meal), alternately for today and yesterday (UTC), never the future.
-- With BENCH_TOKENS_FILE, the requests take turns among its trainees.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")
dofile(os.getenv("BENCH_LUA_DIR") .. "/tokens.lua")

local function snapshot(date)
  -- Snapshot keys name the day as the app does: year, zero-based month, day ("2026-0-5").
  local y, m, d = date:match("^(%d+)-(%d+)-(%d+)$")
  local k = string.format("%d-%d-%d__", tonumber(y), tonumber(m) - 1, tonumber(d))
  return '{"eaten":{"' .. k .. 'it_oats":true,"' .. k .. 'it_skyr":true,"' .. k ..
    'it_chicken":true,"' .. k .. 'it_rice":true},' ..
    '"swaps":{"' .. k .. 'it_chicken":"o_tofu"},' ..
    '"removed":{"' .. k .. 'it_salmon":false},' ..
    '"portions":{"' .. k .. 'it_rice":{"foodId":"f_rice","qty":200}},' ..
    '"aiMeals":{"' .. k .. 'm_lunch":[{"id":"ai_1","name":"Apple","kcal":78,"protein":0.4,' ..
    '"carbs":20.6,"fat":0.3,"qty":150,"unit":"g","source":"photo"}]},' ..
    '"mealStatus":{"' .. k .. 'm_breakfast":"PLANNED","' .. k .. 'm_lunch":"PLANNED"},' ..
    '"replacement":{},"removedMeals":{},' ..
    '"customMeals":{"' .. k .. 'c_snack":{"id":"c_snack","label":"Afternoon snack",' ..
    '"source":"manual","items":[{"id":"p_1","name":"Greek yoghurt","kcal":146,"protein":20,' ..
    '"carbs":8,"fat":4,"qty":200,"unit":"g"},{"id":"p_2","name":"Walnuts","kcal":196,' ..
    '"protein":4.6,"carbs":4.1,"fat":19.6,"qty":30,"unit":"g"}]}}}'
end

local path = "/v1/trainee/nutrition/day"
local prepared = {}

function init(args)
  for _, token in ipairs(bench_tokens()) do
    local headers = {
      ["Accept"] = "application/json",
      ["Content-Type"] = "application/json",
      ["Authorization"] = "Bearer " .. token,
      ["X-Timezone"] = "UTC",
    }
    for _, date in ipairs({ os.getenv("BENCH_TODAY"), os.getenv("BENCH_YESTERDAY") }) do
      local body = '{"date":"' .. date .. '","data":' .. snapshot(date) .. '}'
      prepared[#prepared + 1] = wrk.format("PUT", path, headers, body)
    end
  end
end

local count = 0
function request()
  count = count + 1
  return prepared[count % #prepared + 1]
end
