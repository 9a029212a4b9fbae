#!/usr/bin/env bash
# docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md,
# "PostgreSQL beside SQLite: what differs and why", against a real `perform
# serve` on a PostgreSQL cluster of its own: - PostgreSQL stopped (fast shutdown): requests are 503
# JSON with Retry-After, never 500, and the server keeps running; - PostgreSQL started again: the
# server answers again by itself, and every write it acknowledged before the stop is there.
#
#   scripts/with-test-postgresql.sh scripts/postgresql-fault-check.sh [PERFORM_BINARY]
#
# Stops and starts the cluster it is given (PERFORM_TEST_POSTGRESQL_DATA), so never run it on a
# cluster other tests share at the same time.
set -euo pipefail
cd "$(dirname "$0")/.."
PERFORM=$(realpath -m "${1:-.build/debug/perform}")
: "${PERFORM_TEST_POSTGRESQL:?run under scripts/with-test-postgresql.sh}"
read -r -a owner <<<"${PERFORM_TEST_POSTGRESQL_OWNER:-}"
pg_ctl() {
  "${owner[@]}" "$PERFORM_TEST_POSTGRESQL_BIN/pg_ctl" -D "$PERFORM_TEST_POSTGRESQL_DATA" -w \
    -l "$PERFORM_TEST_POSTGRESQL_DATA/../restart.log" "$@" >/dev/null </dev/null
}

work=$(mktemp -d)
server=""
cleanup() {
  [[ -n "$server" ]] && kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

psql -q "$PERFORM_TEST_POSTGRESQL" -c "CREATE SCHEMA faults"
url="$PERFORM_TEST_POSTGRESQL&options=-csearch_path%3Dfaults"
: >"$work/out"
"$PERFORM" serve --host 127.0.0.1 --port 0 --database "$url" --data-dir "$work" --demo \
  --access-log off >"$work/out" 2>"$work/err" &
server=$!
for _ in $(seq 100); do
  grep -q '^listening: ' "$work/out" && grep -q '^token: ' "$work/out" && break
  sleep 0.1
done
base=$(sed -n 's/^listening: //p' "$work/out")
token=$(sed -n 's/^token: //p' "$work/out")
[[ -n "$base" && -n "$token" ]] || { cat "$work/out" "$work/err" >&2; exit 1; }

fail() { echo "fault check: $*" >&2; exit 1; }
log='{"programId":"p","dayId":"d","label":"L","durationSec":60,"completed":true,"entries":[]}'
acknowledged=()
for round in 1 2 3 4 5; do
  id=$(curl -sf -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -H "Idempotency-Key: fault-$round" -d "$log" "$base/v1/trainee/workouts/log" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
  acknowledged+=("$id")
done

pg_ctl stop -m fast
for path in /v1/trainee/workouts /v1/trainee/workouts/history /readyz; do
  curl -s -D "$work/headers" -o "$work/body" -H "Authorization: Bearer $token" "$base$path" || true
  status=$(head -1 "$work/headers" | cut -d' ' -f2)
  [[ "$status" == 503 ]] || fail "$path answered $status while PostgreSQL was stopped"
  grep -qi '^Content-Type: application/json' "$work/headers" || fail "$path: not JSON"
  [[ "$path" == /readyz ]] || grep -qi '^Retry-After: 1' "$work/headers" || fail "$path: no Retry-After"
done
kill -0 "$server" || fail "the server stopped with PostgreSQL"
echo "fault check: PostgreSQL stopped: 503 with Retry-After, the server running"

pg_ctl start
status=$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")
[[ "$status" == 200 ]] || fail "/readyz answered $status after PostgreSQL came back"
# The history is paged: every page, following nextCursor.
stored=$(BASE="$base" TOKEN="$token" python3 -c '
import json, os, urllib.parse, urllib.request
ids, cursor = [], None
while True:
    query = "limit=100" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
    request = urllib.request.Request(
        os.environ["BASE"] + "/v1/trainee/workouts/history?" + query,
        headers={"Authorization": "Bearer " + os.environ["TOKEN"]})
    page = json.load(urllib.request.urlopen(request))
    ids += [str(w["id"]) for w in page["workouts"]]
    cursor = page.get("nextCursor")
    if not cursor:
        break
print(" ".join(ids))')
for id in "${acknowledged[@]}"; do
  [[ " $stored " == *" $id "* ]] || fail "acknowledged log $id lost over the restart"
done
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "Authorization: Bearer $token" \
  -H 'Content-Type: application/json' -d "$log" "$base/v1/trainee/workouts/log")
[[ "$status" == 201 ]] || fail "a log after the restart answered $status"
echo "fault check: PostgreSQL back: ready again by itself, ${#acknowledged[@]} acknowledged logs kept"
