#!/usr/bin/env bash
# The trainee API server under wrk on loopback, next to nginx serving a same-size static JSON file
# in the same run (the machine's ceiling). See docs/benchmarks.md, "Trainee API server (wrk,
# loopback)".
#
# Workload: GET /healthz (a trivial handler: the HTTP layer's own ceiling), GET
# /v1/trainee/workouts, /home, /session, /nutrition/day and /nutrition/menu, PUT
# /v1/trainee/nutrition/day and POST /v1/trainee/workouts/log as the demo trainee, the two writes
# again spread over 64 trainees (one
# `Authorization` each, as 64 phones would send them), and nginx's static copy of the workouts
# answer, each at 1 connection (1 thread) and 64 connections (2 threads) for DURATION (default 10s).
# The write endpoints run a second time against a server whose database is on tmpfs (/dev/shm),
# where fsync costs nothing, to show what the durable commit costs; the storage options are the
# server's own either way. GET workouts runs once more after the log posts (a longer history).
# Last, Benchmarks/server/flat_cost.py times the reads of a trainee with no history and of the
# demo trainee with 1,000 more logged workouts and 365 days of meal logs, on a third server, in
# turns, and prints the ratios (SKIP_FLAT=1 leaves it out). Then the resident memory of a fourth
# server after ten thousand and after MEMORY_REQUESTS (default a million) GETs (SKIP_MEMORY=1
# leaves it out).
#
# Only 127.0.0.1 is used; every wrk run stops by itself; everything started here is stopped and
# every temporary file removed on every exit path.
#
# PostgreSQL (docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md, "PostgreSQL beside SQLite: what differs and why"): the same three
# endpoints on a throwaway PostgreSQL cluster (fsync on, as in production;
# scripts/with-test-postgresql.sh, which this script runs itself under), with one
# `perform serve`, and with two behind nginx (scripts/nginx-front.sh).
#
# Environment: DURATION (wrk -d, default 10s), PERFORM (a built perform binary; default: build it
# in release), SKIP_TMPFS=1 (leave out the tmpfs comparison), SKIP_POSTGRESQL=1 (leave out the
# PostgreSQL rows).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [[ "${SKIP_POSTGRESQL:-0}" != 1 && -z "${PERFORM_TEST_POSTGRESQL:-}" ]]; then
  PERFORM_TEST_POSTGRESQL_FSYNC=on exec "$root/scripts/with-test-postgresql.sh" "$0" "$@"
fi
duration=${DURATION:-10s}
connection_counts=(1 64)

# --- tools ---------------------------------------------------------------------------------------

missing=()
command -v wrk >/dev/null || missing+=(wrk)
nginx_bin=$(command -v nginx || { [[ -x /usr/sbin/nginx ]] && echo /usr/sbin/nginx; } || true)
[[ -n "$nginx_bin" ]] || missing+=(nginx)
if ((${#missing[@]} > 0)); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "Installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "The server benchmark needs these Debian packages: ${missing[*]}" >&2
    echo "Install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
[[ -n "$nginx_bin" ]] || nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

if [[ -z "${PERFORM:-}" ]]; then
  if ! command -v swift >/dev/null && [[ -x /opt/swift/usr/bin/swift ]]; then
    export PATH=/opt/swift/usr/bin:$PATH
  fi
  (cd "$root" && swift build -c release --product perform)
  PERFORM="$root/.build/release/perform"
fi

# --- clean-up ------------------------------------------------------------------------------------

work=$(mktemp -d "${TMPDIR:-/tmp}/perform-bench-server.XXXXXX")
shm_work=""
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [[ -n "${pg_work:-}" ]] && "$root/scripts/nginx-front.sh" stop "$pg_work"
  rm -rf "$work"
  [[ -n "$shm_work" ]] && rm -rf "$shm_work"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- helpers -------------------------------------------------------------------------------------

# A loopback TCP port nobody listens on now.
free_port() {
  python3 - <<'EOF' 2>/dev/null && return 0
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
EOF
  local port
  while true; do
    port=$((20000 + RANDOM % 30000))
    ss -Hltn "sport = :$port" | grep -q . || { echo "$port"; return 0; }
  done
}

# Starts `perform serve --demo` on a free port with a fresh database in DIR (or DATABASE, a
# PostgreSQL URL); sets base and token.
start_perform() {
  local dir=$1 log="$1/serve.log" database=${2:-$1/perform.sqlite}
  # NB: every wrk connection comes from 127.0.0.1, one client address; its default limit of 32
  # requests in flight (a guard for a public server) would answer half of 64 connections 503, and
  # its 64 connections would leave no room for the probe between runs. A few demo trainees write
  # thousands of records a second here, far beyond what the per-trainee quotas let a person do.
  "$PERFORM" serve --host 127.0.0.1 --port 0 --database "$database" --demo --access-log off \
    --max-requests-per-address 1000 --max-connections-per-address 1000 --data-dir "$dir" \
    --quota-write-rate off --quota-workout-logs off --quota-meal-logs off \
    --quota-nutrition-days off \
    >"$log" 2>"$dir/serve.err" &
  pids+=($!)
  local tries=0
  until grep -q '^listening: ' "$log" 2>/dev/null; do
    tries=$((tries + 1))
    if ((tries > 300)) || ! kill -0 "${pids[-1]}" 2>/dev/null; then
      echo "perform serve did not start:" >&2
      cat "$log" "$dir/serve.err" >&2
      exit 1
    fi
    sleep 0.1
  done
  base=$(sed -n 's/^listening: //p' "$log" | head -1)
  token=$(sed -n 's/^token: //p' "$log" | head -1)
  [[ -n "$token" ]] || { echo "perform serve printed no token" >&2; exit 1; }
}

# One request with the script's headers and body, checking the status.
check() {
  local expected=$1 method=$2 url=$3 body=${4:-}
  local args=(-sS -o "$work/check.json" -w '%{http_code}' -X "$method"
    -H "Authorization: Bearer $token" -H 'X-Timezone: UTC' -H 'Accept: application/json')
  [[ -n "$body" ]] && args+=(-H 'Content-Type: application/json' --data-binary "$body")
  local status
  status=$(curl "${args[@]}" "$url")
  if [[ "$status" != "$expected" ]]; then
    echo "$method $url answered $status, expected $expected:" >&2
    cat "$work/check.json" >&2
    echo >&2
    exit 1
  fi
}

# Waits until the server of URL answers again (it finishes what wrk left in flight), at most 60 s.
settle() {
  sleep 1
  curl -s -o /dev/null --max-time 60 "${1%%/v1/*}/v1/trainee/session" \
    -H "Authorization: Bearer ${token:-none}" || true
}

results="$work/results.txt"
: >"$results"

# run_wrk LABEL GROUP SCRIPT URL CONNECTIONS: one bounded wrk run; appends a result line.
run_wrk() {
  local label=$1 group=$2 script=$3 url=$4 connections=$5
  local threads=1
  ((connections > 1)) && threads=2
  local output
  output=$(BENCH_LUA_DIR="$here" BENCH_TOKEN="${token:-}" BENCH_TOKENS_FILE="${tokens:-}" \
    BENCH_TODAY="$today" \
    BENCH_YESTERDAY="$yesterday" BENCH_RUN_ID="$$-$RANDOM-$group-$connections" \
    wrk -t "$threads" -c "$connections" -d "$duration" --timeout 10s -s "$here/$script" "$url")
  local line
  line=$(grep '^RESULT ' <<<"$output" | tail -1)
  if [[ -z "$line" ]]; then
    echo "wrk printed no result for $label at $connections connections:" >&2
    echo "$output" >&2
    exit 1
  fi
  settle "$url"
  # RESULT rps p50 p99 requests non2xx socket_errors
  read -r _ rps p50 p99 requests non2xx socket_errors <<<"$line"
  printf '%s|%s|%s|%s|%s|%s|%s|%s|%s\n' "$group" "$label" "$connections" "$rps" "$p50" "$p99" \
    "$requests" "$non2xx" "$socket_errors" >>"$results"
  printf '  %-44s c=%-3s %10.1f req/s  p50 %8.1f us  p99 %8.1f us  (%s requests, %s non-2xx, %s socket errors)\n' \
    "$label" "$connections" "$rps" "$p50" "$p99" "$requests" "$non2xx" "$socket_errors"
}

today=$(date -u +%F)
yesterday=$(date -u -d yesterday +%F)

# --- Perform, database on disk -------------------------------------------------------------------

mkdir -p "$work/disk"
start_perform "$work/disk"
disk_base=$base
disk_token=$token
echo "perform serve: $disk_base (database $work/disk/perform.sqlite)"

# The static copy: the workouts answer itself, same bytes.
mkdir -p "$work/www"
check 200 GET "$disk_base/v1/trainee/workouts"
cp "$work/check.json" "$work/www/workouts.json"
size=$(stat -c %s "$work/www/workouts.json")
echo "GET /v1/trainee/workouts answers $size bytes; nginx serves the same bytes as a file"

# 64 more trainees for the writes of many clients at once.
tokens_file="$work/tokens.txt"
: >"$tokens_file"
for n in $(seq 64); do
  "$PERFORM" trainee add "bench $n" --database "$work/disk/perform.sqlite" |
    sed -n 's/^token: //p' >>"$tokens_file"
done
[[ $(grep -c . "$tokens_file") == 64 ]] || { echo "could not add the 64 trainees" >&2; exit 1; }

# Each request shape once, checked, before any load.
snapshot_check='{"date":"'"$today"'","data":{"eaten":{"x__it_oats":true},"portions":{}}}'
check 200 PUT "$disk_base/v1/trainee/nutrition/day" "$snapshot_check"
log_check='{"programId":"plan_strength","dayId":"day_push","label":"Push","durationSec":60,"completed":true,"entries":[]}'
check 201 POST "$disk_base/v1/trainee/workouts/log" "$log_check"
for read_path in healthz v1/trainee/home v1/trainee/session "v1/trainee/nutrition/day?date=$today" \
  "v1/trainee/nutrition/menu?date=$today"; do
  check 200 GET "$disk_base/$read_path"
done

# --- nginx ---------------------------------------------------------------------------------------

# shellcheck source=static_nginx.sh
. "$here/static_nginx.sh"
start_static_nginx "$work" "$(free_port)"
echo "nginx: ${nginx_url%/workouts.json} ($("$nginx_bin" -v 2>&1 | sed 's/.*: //'))"

# --- Perform, database on tmpfs (fsync costs nothing) ---------------------------------------------

if [[ "${SKIP_TMPFS:-0}" != 1 && -d /dev/shm && -w /dev/shm ]]; then
  shm_work=$(mktemp -d /dev/shm/perform-bench-server.XXXXXX)
  start_perform "$shm_work"
  shm_base=$base
  shm_token=$token
  echo "perform serve (tmpfs): $shm_base (database $shm_work/perform.sqlite)"
fi

# --- Perform on PostgreSQL: one process, and two behind nginx --------------------------------------

pg_work=""
if [[ -n "${PERFORM_TEST_POSTGRESQL:-}" ]]; then
  psql -q "$PERFORM_TEST_POSTGRESQL" -c "CREATE SCHEMA bench_one" -c "CREATE SCHEMA bench_two"
  mkdir -p "$work/pg-one"
  start_perform "$work/pg-one" "$PERFORM_TEST_POSTGRESQL&options=-csearch_path%3Dbench_one"
  pg_one_base=$base
  pg_one_token=$token
  echo "perform serve (PostgreSQL): $pg_one_base"
  pg_work="$work/pg-two"
  # NB: behind nginx every request's client is wrk's one address, as in start_perform.
  FRONT_ACCESS_LOG=off FRONT_SERVER_OPTIONS="--max-requests-per-address 1000" \
    "$root/scripts/nginx-front.sh" start "$pg_work" --port 0 --demo \
    --perform "$PERFORM" \
    --database "$PERFORM_TEST_POSTGRESQL&options=-csearch_path%3Dbench_two" >"$work/front.out"
  pg_two_base=$(sed -n 's/^front: //p' "$work/front.out")
  pg_two_token=$(sed -n 's/^token: //p' "$work/front.out")
  echo "two perform serve (PostgreSQL) behind nginx: $pg_two_base"
fi

# --- the runs ------------------------------------------------------------------------------------

echo
echo "wrk $duration per run; $(nproc) CPUs shared by wrk, the server and nginx; load $(cut -d' ' -f1-3 /proc/loadavg)"
# Endpoint by endpoint, so that the log posts (which lengthen the history GET workouts reads for
# lastSets and best) come after the GET runs; a pause between runs lets the server finish the
# requests wrk left in flight.
for connections in "${connection_counts[@]}"; do
  token=""
  run_wrk "nginx static file ($size B)" nginx static.lua "$nginx_url" "$connections"
done
token=$disk_token
for connections in "${connection_counts[@]}"; do
  run_wrk "GET /healthz (trivial handler)" trivial workouts.lua "$disk_base/healthz" \
    "$connections"
done
for read in "workouts|v1/trainee/workouts" "home|v1/trainee/home" "session|v1/trainee/session" \
  "nutrition/day|v1/trainee/nutrition/day?date=$today" \
  "nutrition/menu|v1/trainee/nutrition/menu?date=$today"; do
  for connections in "${connection_counts[@]}"; do
    run_wrk "GET /v1/trainee/${read%%|*}" "get-${read%%|*}" workouts.lua \
      "$disk_base/${read#*|}" "$connections"
  done
done
for connections in "${connection_counts[@]}"; do
  token=$disk_token
  run_wrk "PUT /v1/trainee/nutrition/day" put nutrition_day.lua \
    "$disk_base/v1/trainee/nutrition/day" "$connections"
  if ((connections > 1)); then
    tokens=$tokens_file
    run_wrk "PUT nutrition/day, 64 trainees" put-many nutrition_day.lua \
      "$disk_base/v1/trainee/nutrition/day" "$connections"
    tokens=""
  fi
  if [[ -n "$shm_work" ]]; then
    token=$shm_token
    run_wrk "PUT nutrition/day, database on tmpfs" put-tmpfs nutrition_day.lua \
      "$shm_base/v1/trainee/nutrition/day" "$connections"
  fi
done
for connections in "${connection_counts[@]}"; do
  token=$disk_token
  run_wrk "POST /v1/trainee/workouts/log" post workouts_log.lua \
    "$disk_base/v1/trainee/workouts/log" "$connections"
  if ((connections > 1)); then
    tokens=$tokens_file
    run_wrk "POST workouts/log, 64 trainees" post-many workouts_log.lua \
      "$disk_base/v1/trainee/workouts/log" "$connections"
    tokens=""
  fi
  if [[ -n "$shm_work" ]]; then
    token=$shm_token
    run_wrk "POST workouts/log, database on tmpfs" post-tmpfs workouts_log.lua \
      "$shm_base/v1/trainee/workouts/log" "$connections"
  fi
done
if [[ -n "$pg_work" ]]; then
  for connections in "${connection_counts[@]}"; do
    for shape in "get|GET /v1/trainee/workouts|workouts.lua|/v1/trainee/workouts" \
      "put|PUT /v1/trainee/nutrition/day|nutrition_day.lua|/v1/trainee/nutrition/day" \
      "post|POST /v1/trainee/workouts/log|workouts_log.lua|/v1/trainee/workouts/log"; do
      IFS='|' read -r group label script path <<<"$shape"
      token=$pg_one_token
      run_wrk "$label, PostgreSQL, 1 process" "pg1-$group" "$script" "$pg_one_base$path" \
        "$connections"
      token=$pg_two_token
      run_wrk "$label, PostgreSQL, 2 behind nginx" "pg2-$group" "$script" "$pg_two_base$path" \
        "$connections"
    done
  done
fi
logged=$(awk -F'|' '$1 == "post" { n += $7 } END { print n + 0 }' "$results")
token=$disk_token
for connections in "${connection_counts[@]}"; do
  run_wrk "GET workouts after $logged more logs" get-after workouts.lua \
    "$disk_base/v1/trainee/workouts" "$connections"
done

# --- flat cost: one trainee's reads before and after a long history ------------------------------

if [[ "${SKIP_FLAT:-0}" != 1 ]]; then
  mkdir -p "$work/flat"
  start_perform "$work/flat"
  # A trainee with no history beside the demo trainee, with the demo's programs and meal plans
  # (imported by the admin commands, as a coach's would be, into the running server's database).
  flat_database="$work/flat/perform.sqlite"
  "$PERFORM" trainee add "no history" --database "$flat_database" >"$work/flat/fresh.txt"
  fresh_id=$(sed -n 's/^id: //p' "$work/flat/fresh.txt")
  fresh_token=$(sed -n 's/^token: //p' "$work/flat/fresh.txt")
  check 200 GET "$base/v1/trainee/nutrition/plans"
  cp "$work/check.json" "$work/flat/plans.json"
  "$PERFORM" program import "$work/www/workouts.json" --trainee "$fresh_id" \
    --database "$flat_database" >/dev/null
  "$PERFORM" nutrition-plan import "$work/flat/plans.json" --trainee "$fresh_id" \
    --database "$flat_database" >/dev/null
  echo
  echo "flat cost: $base (a trainee with no history beside the demo trainee with 1,000 more"
  echo "workouts and 365 days of meal logs, timed in turns)"
  python3 "$here/flat_cost.py" "$base" "$token" "$fresh_token" 1000 365 2>/dev/null \
    >"$work/flat.txt"
fi

# --- memory: RSS after ten thousand and after a million requests ----------------------------------

# resident_kib PID: the process's resident memory in KiB.
resident_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# counted_gets URL REQUESTS [SECONDS]: GET URL at 64 connections in runs of SECONDS (default 2)
# until at least REQUESTS were answered; prints how many were.
counted_gets() {
  local done=0 line
  while ((done < $2)); do
    line=$(BENCH_LUA_DIR="$here" BENCH_TOKEN="$token" \
      wrk -t 2 -c 64 -d "${3:-2}s" --timeout 10s -s "$here/workouts.lua" "$1" | grep '^RESULT ')
    done=$((done + $(awk '{ print $5 }' <<<"$line")))
  done
  echo "$done"
}

memory_line=""
if [[ "${SKIP_MEMORY:-0}" != 1 ]]; then
  total=${MEMORY_REQUESTS:-1000000}
  mkdir -p "$work/memory"
  start_perform "$work/memory"
  memory_pid=${pids[-1]}
  echo
  echo "memory: $base, GET /workouts, /home and /workouts/history at 64 connections"
  answered=0
  for read in workouts home workouts/history; do
    answered=$((answered + $(counted_gets "$base/v1/trainee/$read" 3333 1)))
  done
  early=$(resident_kib "$memory_pid")
  early_count=$answered
  per_read=$(((total - answered) / 3))
  for read in workouts home workouts/history; do
    answered=$((answered + $(counted_gets "$base/v1/trainee/$read" "$per_read")))
  done
  late=$(resident_kib "$memory_pid")
  memory_line=$(awk -v e="$early" -v l="$late" -v a="$early_count" -v n="$answered" \
    'BEGIN { printf "RSS after %d requests %.1f MiB, after %d: %.1f MiB (ratio %.2f)", a, e / 1024, n, l / 1024, l / e }')
  echo "  $memory_line"
fi

# --- the table -----------------------------------------------------------------------------------

echo
# 2xx req/s: the answers that were not errors (a 503 `busy` is fast, and would count as work done).
echo "| request | conns | 2xx req/s | p50 ms | p99 ms | 2xx req/s vs nginx | p99 vs nginx | non-2xx |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
awk -F'|' '
  { group[NR] = $1; label[NR] = $2; conns[NR] = $3; p50[NR] = $5; p99[NR] = $6
    rps[NR] = $7 > 0 ? $4 * ($7 - $8) / $7 : 0
    errors[NR] = $8 + $9
    if ($1 == "nginx") { nginx_rps[$3] = $4; nginx_p99[$3] = $6 } }
  END {
    for (i = 1; i <= NR; i++) {
      c = conns[i]
      printf "| %s | %s | %.0f | %.3f | %.3f | %.3f | %.1f | %d |\n", label[i], c, rps[i],
        p50[i] / 1000, p99[i] / 1000, rps[i] / nginx_rps[c], p99[i] / nginx_p99[c], errors[i]
    }
  }' <(sort -t'|' -k3,3n -s "$results")
if [[ -s "$work/flat.txt" ]]; then
  echo
  cat "$work/flat.txt"
fi
if [[ -n "$memory_line" ]]; then
  echo
  echo "$memory_line"
fi
