-- nginx's same-size static JSON file: the machine's ceiling for a GET on loopback.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")
wrk.method = "GET"
wrk.headers["Accept"] = "application/json"
