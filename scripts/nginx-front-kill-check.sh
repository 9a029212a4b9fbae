#!/usr/bin/env bash
# docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md,
# "PostgreSQL beside SQLite: what differs and why": two `perform serve` behind
# nginx (scripts/nginx-front.sh) on the test PostgreSQL; eight clients post workout logs (each with
# its own Idempotency-Key) and read their history through nginx while one server is SIGKILLed.
# Checks that the other carries on (every request after the kill is answered; a log post nginx
# could not send to it is answered on the client's retry with its Idempotency-Key), that no
# acknowledged log is lost, and that no more requests got a 5xx than were in flight on the killed
# server (at most one per client).
#
#   scripts/with-test-postgresql.sh scripts/nginx-front-kill-check.sh [PERFORM_BINARY]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
perform=$(realpath -m "${1:-$root/.build/debug/perform}")
: "${PERFORM_TEST_POSTGRESQL:?run under scripts/with-test-postgresql.sh}"

# The check's own files are private too: front.out holds the demo token.
umask 077
dir=$(mktemp -d)
trap '"$root/scripts/nginx-front.sh" stop "$dir"; rm -rf "$dir"' EXIT
psql -q "$PERFORM_TEST_POSTGRESQL" -c "CREATE SCHEMA front"
"$root/scripts/nginx-front.sh" start "$dir" --port 0 --demo --perform "$perform" \
  --database "$PERFORM_TEST_POSTGRESQL&options=-csearch_path%3Dfront" >"$dir/front.out"
front=$(sed -n 's/^front: //p' "$dir/front.out")
token=$(sed -n 's/^token: //p' "$dir/front.out")
victim=$(sed -n '1s/^server: \([0-9]*\) .*/\1/p' "$dir/front.out")
# docs/security.md, "Files other local users could read": no file other users may read under DIR
# holds the demo token (the servers' output did).
leaked=$(find "$dir" -type f -perm /o+r -exec grep -lF "$token" {} + || true)
[[ -z "$leaked" ]] || { echo "the demo token is in files other users may read: $leaked" >&2; exit 1; }

python3 - "$front" "$token" "$victim" <<'PY'
import http.client, json, os, signal, sys, threading, time, urllib.parse

front, token, victim = sys.argv[1], sys.argv[2], int(sys.argv[3])
host = urllib.parse.urlsplit(front)
headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
log = json.dumps({"programId": "p", "dayId": "d", "label": "L", "durationSec": 60,
                  "completed": True, "entries": []})
acknowledged, statuses, lock = set(), [], threading.Lock()
killed = threading.Event()
after_kill = []

# Malformed HTTP is answered by nginx, as JSON.
import socket
raw = socket.create_connection((host.hostname, host.port), timeout=10)
raw.sendall(b"GARBAGE / NONSENSE\r\n\r\n")
answer = raw.recv(4096).decode("latin-1")
raw.close()
if " 400 " not in answer.split("\r\n")[0] or "application/json" not in answer:
    sys.exit(f"nginx front: malformed HTTP answered {answer[:200]!r}")

def request(method, path, body=None, extra=None):
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers={**headers, **(extra or {})})
        response = connection.getresponse()
        return response.status, response.read()
    except OSError:
        return 0, b""
    finally:
        connection.close()

# A request counts as after the kill when it was sent once the killed server was gone: only
# those must all be answered; one sent before may have been in flight on it (in whatever order
# the answers then come back).
# nginx never sends a POST twice: one sent after the kill over a kept-alive connection to the
# killed server (before nginx marks it down) is answered 503, and the client retries it with its
# Idempotency-Key, as the app does (examples/nginx/perform.conf.template). The retry's answer is
# the one that counts; retries are counted, at most one per client.
retried = []

def client(number):
    for round in range(40):
        sent_after = killed.is_set()
        key = {"Idempotency-Key": f"c{number}-r{round}"}
        status, body = request("POST", "/v1/trainee/workouts/log", log, key)
        if sent_after and status in (0, 503):
            with lock:
                retried.append(status)
            status, body = request("POST", "/v1/trainee/workouts/log", log, key)
        with lock:
            statuses.append(status)
            if sent_after:
                after_kill.append(status)
            if status == 201:
                acknowledged.add(json.loads(body)["id"])
        sent_after = killed.is_set()
        status, _ = request("GET", "/v1/trainee/workouts/history")
        with lock:
            statuses.append(status)
            if sent_after:
                after_kill.append(status)

def gone(pid):
    """Whether process pid has exited (no longer there, or a zombie)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True

threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
for thread in threads:
    thread.start()
while len(statuses) < 100:
    time.sleep(0.01)
os.kill(victim, signal.SIGKILL)
while not gone(victim):
    time.sleep(0.001)
killed.set()
for thread in threads:
    thread.join()

# The history is paged: every page, following nextCursor.
stored, path = set(), "/v1/trainee/workouts/history?limit=100"
while path:
    status, body = request("GET", path)
    page = json.loads(body)
    stored |= {w["id"] for w in page["workouts"]}
    cursor = page.get("nextCursor")
    path = (f"/v1/trainee/workouts/history?limit=100&cursor={urllib.parse.quote(cursor)}"
            if cursor else None)
errors = [s for s in statuses if s >= 500 or s == 0]
late = after_kill
print(f"nginx front: {len(statuses)} requests, {len(acknowledged)} logs acknowledged, "
      f"{len(errors)} 5xx or cut, server {victim} killed after {len(statuses) - len(after_kill)}, "
      f"{len(late)} sent after it was gone, {len(retried)} of them retried")
problems = []
if acknowledged - stored:
    problems.append(f"acknowledged logs lost: {sorted(acknowledged - stored)}")
if len(retried) > len(threads):
    problems.append(f"{len(retried)} posts after the kill needed a retry, more than one a client")
if len(errors) > len(threads):
    problems.append(f"{len(errors)} 5xx, more than the {len(threads)} connections the kill cut")
if not late or any(s not in (200, 201) for s in late):
    problems.append(f"the other server did not carry on: {late}")
if problems:
    sys.exit("nginx front: " + "; ".join(problems))
PY
