#!/usr/bin/env bash
# Writes the seed inputs of every fuzz target into OUT/<target>/, from the repository's fixtures
# and openapi.yaml's examples (docs/fuzzing.md). Needs a debug build (`swift build`), python3
# with PyYAML, and is run once to start a corpus; the corpora kept in Fuzz/Corpora are what the
# fuzzer grew from these seeds, minimized.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: Fuzz/seed-corpora.sh OUT}
bin=.build/debug
fixtures=Tests/PerformCommandTests/Fixtures
mkdir -p "$out"/{server-request,workout-replay,nutrition-replay,pending-command,session-journal,preferred-day,nutrition-edits}

# Request bodies: openapi.yaml's examples; request targets: one of each GET route.
python3 - "$out/server-request" <<'PY'
import json, sys, yaml
out = sys.argv[1]
spec = yaml.safe_load(open("openapi.yaml"))
n = 0
for path, item in spec["paths"].items():
    for method, op in item.items():
        body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
        if "example" in body:
            open(f"{out}/body-{n}", "w").write(json.dumps(body["example"]))
            n += 1
targets = [
    "/v1/trainee/workouts", "/v1/trainee/workouts/history", "/v1/trainee/workouts/history/1",
    "/v1/trainee/workouts/log/1", "/v1/trainee/notification-configs", "/v1/trainee/session",
    "/v1/trainee/nutrition/plans", "/v1/trainee/nutrition/day?date=2026-01-05",
    "/v1/trainee/nutrition/menu?date=2026-01-05&planId=plan_cut&dayId=day_training",
    "/v1/trainee/home?date=2026-01-05", "/v1/foods/search?q=oats&limit=5",
    "/v1/foods/barcode/4006381333931", "/v1/trainee/workouts/history/%31?x=%20+y",
]
for i, target in enumerate(targets):
    open(f"{out}/target-{i}", "w").write(target)
PY

# Replay scripts: the fixtures and the example.
for f in "$fixtures"/*.replay.json examples/*.json; do cp "$f" "$out/workout-replay/"; done
for f in "$fixtures"/nutrition/*.replay.json; do cp "$f" "$out/nutrition-replay/"; done

# Pending commands: written by the widget's own encoder.
"$bin/PerformFuzz" pending-command --write-seeds "$out/pending-command"

# Session journals: what `perform replay` journals, whole, and cut in two with the first half
# restored into a snapshot (`perform session show`): "session.json NUL journal".
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for name in rest-adjust-skip full-workout-with-rests substitution cardio add-remove-sets \
  finish-mid-rest imperial-units superset technique-feedback; do
  "$bin/perform" replay --data-dir "$scratch/$name" "$fixtures/$name.replay.json" >/dev/null
  journal="$scratch/$name/workout/journal-1.jsonl"
  cp "$journal" "$out/session-journal/$name"
  lines=$(wc -l <"$journal")
  half="$scratch/$name-half/workout"
  mkdir -p "$half"
  head -n $((lines / 2)) "$journal" >"$half/journal-1.jsonl"
  "$bin/perform" session show --data-dir "$scratch/$name-half" --now 2026-03-02T18:30:00Z \
    >/dev/null || true
  { cat "$half/session.json"; printf '\0'; tail -n +$((lines / 2 + 1)) "$journal"; } \
    >"$out/session-journal/$name-split"
done

# The preferred day, and nutrition edits: the snapshots the nutrition fixtures hold.
printf '{"dayId":"day_training","planId":"plan_cut","untilMs":1767675600000}' \
  >"$out/preferred-day/active"
printf '{"dayId":"d","planId":"p","untilMs":1000}' >"$out/preferred-day/expired"
python3 - "$out/nutrition-edits" "$fixtures/nutrition" <<'PY'
import glob, json, sys
out, fixtures = sys.argv[1], sys.argv[2]
n = 0
for path in sorted(glob.glob(f"{fixtures}/*.replay.json")):
    days = json.load(open(path)).get("serverDays") or {}
    edits = {}
    for date, snapshot in days.items():
        y, m, d = (int(x) for x in date.split("-"))
        edits[f"{y}-{m - 1}-{d}"] = snapshot
    if edits:
        open(f"{out}/edits-{n}", "w").write(json.dumps(edits, sort_keys=True))
        n += 1
open(f"{out}/empty", "w").write("{}")
PY

# Quota option values, email addresses and token files (the first byte picks the file's mode:
# 0 the owner's alone, 1 read-only, 2 and 3 readable by others), as an operator or a person
# signing up might write them.
mkdir -p "$out"/{quota-option,email-address,token-file}
python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
seeds = {
    "quota-option": {
        "records-size": "10000/64MiB", "write-rate": "3600/1200", "off": "off", "kib": "5000/8KiB",
        "gib": "100000000/1024GiB", "bytes": "1/1", "zero-records": "0/1", "zero-bytes": "1/0",
        "tib": "10/1TiB", "negative": "10/-1", "signs": "+5/+6KiB", "empty": "",
        "three-parts": "10000/64MiB/1", "huge": "99999999999999999999/1",
        "rate-max": "3600000/1000000", "no-slash": "64MiB",
    },
    "email-address": {
        "plain": "ada@example.com", "blanks-capitals": "  Ada@Example.COM \n", "short": "a@b.c",
        "composed": "\u00c5sa@\u00c9XAMPLE.ORG", "decomposed": "A\u030asa@example.org",
        "dotted-i": "\u0130stanbul@example.com", "sharp-s": "\u1e9e@example.de",
        "two-ats": "a@@b.c", "no-local": "@b.c", "trailing-dot": "a@b.", "space": "a b@c.d",
        "control": "a\u0007b@c.d", "long": "a" * 240 + "@example.com",
        "greek-sigma": "\u039f\u03a3@\u03a3\u039f.gr",
    },
}
token = "0123456789abcdef0123456789abcdef"
seeds["token-file"] = {
    "owner": "\0" + token + "\n", "blanks": "\0  token-with-blanks-0123 \r\nsecond line\n",
    "group-readable": "\2" + token, "other-readable": "\3" + token, "read-only": "\1" + token,
    "short": "\0short", "empty-line": "\0\nsecond", "empty": "\0", "long": "\0" + "x" * 300,
    "non-ascii": "\0t\u00f6k\u00e9n-\u00fcmlaut-0123456", "crlf": "\0\r\n",
}
for target, inputs in seeds.items():
    for name, text in inputs.items():
        open(f"{out}/{target}/{name}", "wb").write(text.encode())
open(f"{out}/token-file/invalid-utf8", "wb").write(b"\0\xff\xfe0123456789abcdef0123")
PY

# The accounts' request bodies, one of each shape (some that the fuzzed accounts accept: the
# coach's password, a new account), and a few refused ones.
mkdir -p "$out/account-request"
python3 - "$out/account-request" <<'PY'
import json, sys
out = sys.argv[1]
password = "correct horse battery"
bodies = {
    "sign-in": {"email": "carter@example.com", "password": password, "device": "laptop"},
    "sign-in-wrong": {"email": "Carter@Example.com ", "password": "wrong", "device": "x"},
    "refresh": {"refreshToken": "0123456789abcdef0123456789abcdef"},
    "accept-invite": {"code": "ABCD-EFGH-IJKL", "name": "Ada", "email": "ada@example.com",
                      "password": password, "device": "Ada's phone"},
    "change-password": {"currentPassword": password, "newPassword": "a much longer passphrase"},
    "join-studio": {"code": "ABCD-EFGH-IJKL"},
    "delete-account": {"password": password},
    "create-invite": {"validForSeconds": 86400},
    "create-invite-default": {},
    "create-invite-negative": {"validForSeconds": -1},
    "create-studio": {"name": "Iron Temple"},
    "create-studio-control": {"name": "Iron\u0007Temple"},
    "create-coach": {"role": "coach", "name": "Cam", "email": "cam@example.com",
                     "password": password, "studioId": "1"},
    "create-operator": {"role": "operator", "name": "Oz", "email": "oz@example.com",
                        "password": password},
    "create-trainee": {"role": "trainee", "name": "T", "email": "t@example.com",
                       "password": password},
    "share-earlier-records": {"shareEarlierRecords": True},
    "share-earlier-records-text": {"shareEarlierRecords": "yes"},
    "library-exercise": {"name": "Bench press", "kind": "strength", "equipment": "Barbell",
                         "videoUrl": "https://v.example/b", "substitutes": ["1"]},
    "coach-program": {"name": "Push", "days": [{"id": "a", "title": "Day A", "rows": [
        {"exerciseId": "1", "sets": 3, "reps": "8", "weight": "60", "rir": 2,
         "restSeconds": 90, "setRows": [{"type": "warmup", "reps": "10"}, {}, {"rpe": 8.5}]}]}]},
    "copy-program": {"name": "Copy"},
    "assign-program": {"traineeIds": ["1", "2"], "mode": "linked",
                       "schedule": {"weekdays": ["mon", "thu"]}},
    "assign-program-per-week": {"traineeIds": ["1"], "mode": "copy", "schedule": {"perWeek": 3}},
}
for name, body in bodies.items():
    open(f"{out}/{name}", "w").write(json.dumps(body))
open(f"{out}/fractional", "w").write('{"validForSeconds": 1.5}')
open(f"{out}/not-json", "w").write('{"email": ')
PY

# The kept session (`DIR/session.json`), as `perform login` writes it, and spoiled ways.
mkdir -p "$out/kept-session"
python3 - "$out/kept-session" <<'PY'
import json, sys
out = sys.argv[1]
good = {"format": 1, "server": "http://127.0.0.1:8080", "accountId": "4417",
        "email": "ada@example.com", "sessionId": "9f2c4e1a0b7d4c3e8f6a5b4c3d2e1f00",
        "accessToken": "pfa_" + "a" * 64, "accessExpiresAt": "2026-01-05T08:10:00.000Z",
        "refreshToken": "pfr_" + "b" * 64, "refreshExpiresAt": "2026-02-04T08:00:00.000Z"}
sessions = {
    "signed-in": good,
    "https-path": {**good, "server": "https://perform.example/api/"},
    "no-fraction": {**good, "accessExpiresAt": "2026-01-05T08:10:00Z"},
    "microseconds": {**good, "accessExpiresAt": "2026-01-05T08:10:00.123456Z"},
    "offset": {**good, "refreshExpiresAt": "2026-02-04T09:00:00+01:00"},
    "format-2": {**good, "format": 2},
    "no-host": {**good, "server": "file:///tmp/perform"},
    "not-a-url": {**good, "server": "perform example"},
    "bad-date": {**good, "accessExpiresAt": "yesterday"},
    "no-email": {k: v for k, v in good.items() if k != "email"},
    "number-id": {**good, "accountId": 4417},
}
for name, session in sessions.items():
    open(f"{out}/{name}", "w").write(json.dumps(session, sort_keys=True))
open(f"{out}/empty", "w").write("")
open(f"{out}/truncated", "w").write(json.dumps(good)[:100])
PY
