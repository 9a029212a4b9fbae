-- GET /v1/trainee/workouts as the app sends it.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")
wrk.method = "GET"
wrk.headers["Accept"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")
wrk.headers["X-Timezone"] = "UTC"
