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
