#!/usr/bin/env bash
# Two or more builds of `perform serve` side by side on the read rows of run.sh, with nginx serving
# the same bytes as GET /v1/trainee/workouts in the same run: each row is run for every build in
# turn, so the machine's load falls on all of them alike. See docs/benchmarks.md "Server
# throughput and a flat cost".
#
# Usage: Benchmarks/server/ab_reads.sh NAME=PERFORM_BINARY [NAME=PERFORM_BINARY...]
# Environment: DURATION (wrk -d, default 5s), CONNECTIONS (default 64), ROWS (paths under the
# server, default the six read rows of run.sh).
#
# Only 127.0.0.1 is used; every wrk run stops by itself; everything started here is stopped and
# every temporary file removed on every exit path.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
duration=${DURATION:-5s}
connections=${CONNECTIONS:-64}
(($# > 0)) || { echo "usage: $0 NAME=PERFORM_BINARY [NAME=PERFORM_BINARY...]" >&2; exit 2; }
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 1; }
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
[[ -x "$nginx_bin" ]] || { echo "needs nginx (apt-get install nginx)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/perform-ab-reads.XXXXXX")
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

declare -A base token
names=()
for spec in "$@"; do
  name=${spec%%=*}
  binary=${spec#*=}
  names+=("$name")
  mkdir -p "$work/$name"
  # NB: as run.sh: wrk's connections all come from one address.
  "$binary" serve --host 127.0.0.1 --port 0 --database "$work/$name/perform.sqlite" --demo \
    --access-log off --max-requests-per-address 1000 --data-dir "$work/$name" \
    >"$work/$name/serve.log" 2>"$work/$name/serve.err" &
  pids+=($!)
  tries=0
  until grep -q '^listening: ' "$work/$name/serve.log" 2>/dev/null; do
    tries=$((tries + 1))
    if ((tries > 300)) || ! kill -0 "${pids[-1]}" 2>/dev/null; then
      echo "$name did not start:" >&2
      cat "$work/$name/serve.err" >&2
      exit 1
    fi
    sleep 0.1
  done
  base[$name]=$(sed -n 's/^listening: //p' "$work/$name/serve.log" | head -1)
  token[$name]=$(sed -n 's/^token: //p' "$work/$name/serve.log" | head -1)
done

first=${names[0]}
mkdir -p "$work/www" "$work/nginx"
curl -sf -H "Authorization: Bearer ${token[$first]}" -H 'X-Timezone: UTC' \
  "${base[$first]}/v1/trainee/workouts" >"$work/www/workouts.json"
# shellcheck source=static_nginx.sh
. "$here/static_nginx.sh"
start_static_nginx "$work" "$(free_port)"

# run LABEL URL TOKEN: one bounded wrk run, one line.
run() {
  local output line rps p50 p99 requests non2xx errors
  output=$(BENCH_LUA_DIR="$here" BENCH_TOKEN="$3" \
    wrk -t 2 -c "$connections" -d "$duration" --timeout 10s -s "$here/workouts.lua" "$2")
  line=$(grep '^RESULT ' <<<"$output" | tail -1)
  read -r _ rps p50 p99 requests non2xx errors <<<"$line"
  printf '%-40s %9.0f req/s  p50 %8.3f ms  p99 %8.3f ms  non-2xx %s  socket errors %s\n' \
    "$1" "$rps" "$(bc -l <<<"$p50 / 1000")" "$(bc -l <<<"$p99 / 1000")" "$non2xx" "$errors"
  sleep 1
}

today=$(date -u +%F)
echo "wrk $duration at $connections connections; $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)"
run "nginx static file" "$nginx_url" ""
for row in ${ROWS:-healthz v1/trainee/workouts v1/trainee/home v1/trainee/session \
  "v1/trainee/nutrition/day?date=$today" "v1/trainee/nutrition/menu?date=$today"}; do
  for name in "${names[@]}"; do
    run "$name /${row%%\?*}" "${base[$name]}/$row" "${token[$name]}"
  done
done
run "nginx static file" "$nginx_url" ""
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
