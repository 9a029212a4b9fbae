#!/usr/bin/env bash
# The OpenAPI conformance run: starts `perform serve --demo` on a free loopback port with
# a temporary database and runs schemathesis against it with the demo trainee's token (then the
# coach's routes with the demo coach's, the coach's reads and events feed also with the demo
# trainee's id pinned,
# the operator's with an operator's made here), checking
# that every answer is documented in openapi.yaml (status, content type, body schema) and that no
# request makes the server answer 5xx. Installs schemathesis into .build/venv when missing.
#
#   scripts/openapi-conformance.sh [PERFORM_BINARY [DATABASE]]
#
# PERFORM_BINARY defaults to .build/debug/perform, DATABASE to a SQLite file in a temporary
# directory; a postgresql:// URL (an empty database or schema) runs the same checks on PostgreSQL.
#
# Environment: OPENAPI_MAX_EXAMPLES (default 100) cases per operation and phase; OPENAPI_SEED
# (default 1) fixes the generator's seed; OPENAPI_REPORT_DIR keeps the JUnit reports there.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

SCHEMATHESIS_VERSION=4.32.5
VENV=.build/venv
PERFORM=$(realpath -m "${1:-.build/debug/perform}")
MAX_EXAMPLES=${OPENAPI_MAX_EXAMPLES:-100}
SEED=${OPENAPI_SEED:-1}
CHECKS=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance,ignored_auth,unsupported_method,allow_header_conformance
started=$SECONDS

[[ -x "$PERFORM" ]] || { echo "openapi: $PERFORM is not built (run swift build)" >&2; exit 1; }

# --- schemathesis in a virtualenv of its own -------------------------------------------------
if ! "$VENV/bin/st" --version 2>/dev/null | grep -q "version $SCHEMATHESIS_VERSION\$"; then
  if ! command -v python3 >/dev/null || ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    if [[ $(id -u) -eq 0 ]]; then
      echo "openapi: installing python3-venv"
      DEBIAN_FRONTEND=noninteractive apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 python3-venv
    else
      echo "openapi: python3 -m venv is missing; sudo apt-get install -y python3 python3-venv" >&2
      exit 1
    fi
  fi
  echo "openapi: installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

# --- the server ------------------------------------------------------------------------------
work=$(mktemp -d)
server=""
cleanup() {
  if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The files exist before the server starts: the loop below may read them before the background
# job has opened them (a race a loaded CI machine once lost, stopping the run under set -e).
: >"$work/serve.out"
: >"$work/serve.err"
DATABASE=${2:-$work/perform.sqlite}
# The run sends thousands of writes as one trainee in seconds: unpaced, so each case reaches its
# route instead of a 429 (the write rate has its own tests: ServeQuotaTests).
"$PERFORM" serve --host 127.0.0.1 --port 0 --database "$DATABASE" --data-dir "$work" --demo \
  --access-log off --quota-write-rate off --access-token-seconds 3600 \
  >"$work/serve.out" 2>"$work/serve.err" &
server=$!
url="" token=""
for _ in $(seq 100); do
  token=$(sed -n 's/^token: //p' "$work/serve.out")
  url=$(sed -n 's/^listening: //p' "$work/serve.out")
  [[ -n "$url" && -n "$token" ]] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
if [[ -z "$url" || -z "$token" ]]; then
  echo "openapi: perform serve did not start" >&2
  cat "$work/serve.out" "$work/serve.err" >&2
  exit 1
fi
echo "openapi: perform serve --demo at $url"

# --- the run ---------------------------------------------------------------------------------
# The demo coach signs in before the trainee's run: that run's failed sign-ins from this address
# would have the per-address limit refuse the coach after it. Its access token lives an hour
# (--access-token-seconds where the server starts), longer than the whole run.
coach_email=$(sed -n 's/^demo coach: //p' "$work/serve.out")
coach_password=$(sed -n 's/^demo coach password: //p' "$work/serve.out")
coach_token=$(curl -sf -X POST "$url/v1/auth/sign-in" -H "Content-Type: application/json" \
  -d "{\"email\":\"$coach_email\",\"password\":\"$coach_password\",\"device\":\"openapi\"}" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["tokens"]["accessToken"])') || coach_token=""
# The demo trainee's id, read before the trainee's run changes anything, for the coach's reads.
trainee_id=$(curl -sf "$url/v1/trainee/session" -H "Authorization: Bearer $token" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])') || trainee_id=""
# The operator is made as an operator makes one (README, "Studios, coaches and invites"):
# `perform account add` on the server's database while it runs, the password on standard input.
# No demo operator: `--demo` would then print a credential to everything in the installation
# (docs/decisions/accounts.md, "The operator in the conformance run"). A second operator is the
# one the suspension routes are run on, so that no case suspends the operator running them.
sign_in_token() { # EMAIL PASSWORD: an access token, or nothing
  curl -sf -X POST "$url/v1/auth/sign-in" -H "Content-Type: application/json" \
    -d "{\"email\":\"$1\",\"password\":\"$2\",\"device\":\"openapi\"}" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["tokens"]["accessToken"])' || true
}
add_operator() { # EMAIL PASSWORD: the new account's id, or nothing
  printf '%s\n' "$2" | "$PERFORM" account add --role operator --name "OpenAPI operator" \
    --email "$1" --database "$DATABASE" 2>>"$work/commands.err" | sed -n 's/^id: //p' || true
}
operator_password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
operator_id=$(add_operator operator@openapi.example "$operator_password")
suspended_id=$(add_operator suspended@openapi.example "$operator_password")
operator_token=""
[[ -n "$operator_id" ]] && operator_token=$(sign_in_token operator@openapi.example "$operator_password")
report=("--report" "junit" "--report-junit-path" "$work/junit.xml")
# Signing out and ending every session would end the demo trainee's only session in the middle of
# the run, and every later case would test a 401; the route tests cover those two
# (AccountRoutesTests) and the run skips them (docs/decisions/accounts.md, "The routes"). Deleting
# the account stays in: the demo trainee has no password (a legacy token), so every try is refused.
skipped=(--exclude-operation-id signOut --exclude-operation-id endAllSessions)
status=0
# The coach's reads of a trainee with the demo trainee's id pinned (a trainee of the demo
# coach's studio), so that their 200 answers are checked too, not only the 404 of ids the
# studio cannot see; before the trainee's run, whose cases may end the trainee's link (leaving
# the studio named by `getAccount`).
if [[ -z "$trainee_id" || -z "$coach_token" ]]; then
  echo "openapi: the demo trainee's id could not be read, or the coach could not sign in" >&2
  status=1
else
  printf '[parameters]\n"path.traineeId" = "%s"\n"query.traineeId" = "%s"\n' \
    "$trainee_id" "$trainee_id" >"$work/coach.toml"
  (cd "$work" && "$root/$VENV/bin/st" --config-file "$work/coach.toml" run \
    "$root/openapi.yaml" \
    --url "$url" \
    --header "Authorization: Bearer $coach_token" \
    --checks "$CHECKS" \
    --include-operation-id getTraineeWorkoutsForCoach \
    --include-operation-id getTraineeWorkoutForCoach \
    --include-operation-id getTraineeNutritionDaysForCoach \
    --include-operation-id getTraineeTechniqueVideosForCoach \
    --include-operation-id getNutritionTolerance --include-operation-id setNutritionTolerance \
    --include-operation-id getTraineeRecordsForCoach \
    --include-operation-id getTraineeProgressForCoach \
    --include-operation-id getCoachEvents \
    --max-examples "$MAX_EXAMPLES" \
    --seed "$SEED" \
    --workers 1 \
    --request-timeout 10 \
    --no-color \
    --report junit --report-junit-path "$work/junit-coach-trainee.xml") || status=$?
fi
# From the temporary folder, so schemathesis's cache (.schemathesis/) stays out of the work tree.
(cd "$work" && "$root/$VENV/bin/st" run "$root/openapi.yaml" \
  --url "$url" \
  --header "Authorization: Bearer $token" \
  --checks "$CHECKS" \
  "${skipped[@]}" \
  --max-examples "$MAX_EXAMPLES" \
  --seed "$SEED" \
  --workers 1 \
  --request-timeout 10 \
  --no-color \
  "${report[@]}") || status=$?

# The coach's routes again with the demo coach's token (the trainee's token reaches them only
# as 403).
if [[ -z "$coach_token" ]]; then
  echo "openapi: the demo coach could not sign in" >&2
  status=1
else
  (cd "$work" && "$root/$VENV/bin/st" run "$root/openapi.yaml" \
    --url "$url" \
    --header "Authorization: Bearer $coach_token" \
    --checks "$CHECKS" \
    --include-operation-id createInvite --include-operation-id listInvites \
    --include-operation-id revokeInvite --include-operation-id coachRoster \
    --include-operation-id getAccount \
    --include-operation-id listSessions --include-operation-id getTraineeWorkoutsForCoach \
    --include-operation-id getTraineeWorkoutForCoach \
    --include-operation-id getTraineeNutritionDaysForCoach \
    --include-operation-id getTraineeTechniqueVideosForCoach \
    --include-operation-id getNutritionTolerance --include-operation-id setNutritionTolerance \
    --include-operation-id getTraineeRecordsForCoach \
    --include-operation-id getTraineeProgressForCoach \
    --include-operation-id getCoachEvents \
    --max-examples "$MAX_EXAMPLES" \
    --seed "$SEED" \
    --workers 1 \
    --request-timeout 10 \
    --no-color \
    --report junit --report-junit-path "$work/junit-coach.xml") || status=$?
fi

# The coach's exercise library and programs with the demo coach's token, the ids in the paths
# pinned to an exercise and a program of the demo studio made here, so that their 200 answers are
# checked too (docs/decisions/the-coachs-programs.md).
if [[ -n "$coach_token" ]]; then
  exercise_id=$(curl -sf "$url/v1/coach/exercises" -H "Authorization: Bearer $coach_token" \
    -H "Content-Type: application/json" -d '{"name":"OpenAPI squat","kind":"strength"}' |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])') || exercise_id=""
  program_id=$(curl -sf "$url/v1/coach/programs" -H "Authorization: Bearer $coach_token" \
    -H "Content-Type: application/json" \
    -d "{\"name\":\"OpenAPI\",\"days\":[{\"rows\":[{\"exerciseId\":\"$exercise_id\",\"sets\":3}]}]}" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])') || program_id=""
  if [[ -z "$exercise_id" || -z "$program_id" ]]; then
    echo "openapi: the demo coach could not make an exercise and a program" >&2
    status=1
  else
    printf '[parameters]\n"path.exerciseId" = "%s"\n"path.programId" = "%s"\n' \
      "$exercise_id" "$program_id" >"$work/builder.toml"
    (cd "$work" && "$root/$VENV/bin/st" --config-file "$work/builder.toml" run \
      "$root/openapi.yaml" \
      --url "$url" \
      --header "Authorization: Bearer $coach_token" \
      --checks "$CHECKS" \
      --include-operation-id listLibraryExercises --include-operation-id createLibraryExercise \
      --include-operation-id updateLibraryExercise --include-operation-id archiveLibraryExercise \
      --include-operation-id listCoachPrograms --include-operation-id createCoachProgram \
      --include-operation-id getCoachProgram --include-operation-id editCoachProgram \
      --include-operation-id copyCoachProgram --include-operation-id archiveCoachProgram \
      --include-operation-id assignCoachProgram \
      --max-examples "$MAX_EXAMPLES" \
      --seed "$SEED" \
      --workers 1 \
      --request-timeout 10 \
      --no-color \
      --report junit --report-junit-path "$work/junit-builder.xml") || status=$?
  fi
fi

# The coach's meal plans with the demo coach's token, the id in the paths pinned to a meal plan
# of the demo studio made here (docs/decisions/the-coachs-meal-plans.md).
if [[ -n "$coach_token" ]]; then
  meal_plan_id=$(curl -sf "$url/v1/coach/meal-plans" -H "Authorization: Bearer $coach_token" \
    -H "Content-Type: application/json" \
    -d '{"name":"OpenAPI","days":[{"id":"d1","targets":{"kcal":2000},"meals":[{"id":"m1","name":"Breakfast","items":[{"id":"i1","options":[{"id":"o1","name":"Oats","kcal":300}]}]}]}]}' |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])') || meal_plan_id=""
  if [[ -z "$meal_plan_id" ]]; then
    echo "openapi: the demo coach could not make a meal plan" >&2
    status=1
  else
    printf '[parameters]\n"path.mealPlanId" = "%s"\n' "$meal_plan_id" >"$work/meal-plans.toml"
    (cd "$work" && "$root/$VENV/bin/st" --config-file "$work/meal-plans.toml" run \
      "$root/openapi.yaml" \
      --url "$url" \
      --header "Authorization: Bearer $coach_token" \
      --checks "$CHECKS" \
      --include-operation-id listCoachMealPlans --include-operation-id createCoachMealPlan \
      --include-operation-id getCoachMealPlan --include-operation-id editCoachMealPlan \
      --include-operation-id copyCoachMealPlan --include-operation-id archiveCoachMealPlan \
      --include-operation-id assignCoachMealPlan \
      --max-examples "$MAX_EXAMPLES" \
      --seed "$SEED" \
      --workers 1 \
      --request-timeout 10 \
      --no-color \
      --report junit --report-junit-path "$work/junit-meal-plans.xml") || status=$?
  fi
fi

# The operator's routes with the operator's token: first those that only add or read (studios,
# invites, accounts, the audit log, the operator's own account), the studio in the path the demo
# studio, so that its invites are made; then suspending and reinstating, every path naming the
# second operator (a suspended operator would meet every later case as a 401).
if [[ -z "$operator_token" || -z "$suspended_id" ]]; then
  echo "openapi: the operator could not be made or could not sign in" >&2
  sed 's/^/  /' "$work/commands.err" >&2 2>/dev/null || true
  status=1
else
  studio_id=$(curl -sf "$url/v1/operator/studios" -H "Authorization: Bearer $operator_token" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["studios"][0]["id"])') || studio_id=""
  printf '[parameters]\n"path.studioId" = "%s"\n"path.accountId" = "%s"\n' \
    "$studio_id" "$suspended_id" >"$work/operator.toml"
  operator_run() { # JUNIT-NAME OPERATION-ID...
    local junit=$1 included=()
    shift
    for id in "$@"; do included+=(--include-operation-id "$id"); done
    (cd "$work" && "$root/$VENV/bin/st" --config-file "$work/operator.toml" run \
      "$root/openapi.yaml" \
      --url "$url" \
      --header "Authorization: Bearer $operator_token" \
      --checks "$CHECKS" \
      "${included[@]}" \
      --max-examples "$MAX_EXAMPLES" \
      --seed "$SEED" \
      --workers 1 \
      --request-timeout 10 \
      --no-color \
      --report junit --report-junit-path "$work/$junit")
  }
  operator_run junit-operator.xml listStudios createStudio createStudioInvite createAccount \
    getAuditLog getAccount listSessions || status=$?
  operator_run junit-operator-suspension.xml suspendAccount reinstateAccount || status=$?
  # The pinned id took: the second operator was suspended by the cases, the first never was.
  suspensions=$(curl -sf "$url/v1/operator/audit-events?accountId=$suspended_id&limit=1000" \
    -H "Authorization: Bearer $operator_token" | python3 -c 'import json, sys
print(sum(e["event"] == "account_suspended" for e in json.load(sys.stdin)["events"]))') ||
    suspensions=0
  if [[ "$suspensions" -eq 0 ]]; then
    echo "openapi: no case suspended the second operator (accountId was not pinned)" >&2
    status=1
  fi
  if ! curl -sf -o /dev/null "$url/v1/account" -H "Authorization: Bearer $operator_token"; then
    echo "openapi: the operator running the cases was refused at the end" >&2
    status=1
  fi
  echo "openapi: the operator's cases suspended the second operator $suspensions times"
fi

if [[ -n "${OPENAPI_REPORT_DIR:-}" ]]; then
  mkdir -p "$OPENAPI_REPORT_DIR" && cp "$work"/junit*.xml "$OPENAPI_REPORT_DIR/" 2>/dev/null || true
fi
if [[ -s "$work/serve.err" ]]; then
  echo "openapi: the server reported:"
  sed 's/^/  /' "$work/serve.err" | head -50
fi
if ! kill -0 "$server" 2>/dev/null; then
  echo "openapi: perform serve died during the run" >&2
  status=1
fi

# A plain closing line: test cases from the JUnit report, failures and errors.
read -r cases failed < <(python3 - "$work"/junit*.xml <<'PY' || echo "0 0"
import sys, xml.etree.ElementTree as ET
total = bad = 0
for path in sys.argv[1:]:
    try:
        root = ET.parse(path).getroot()
    except Exception:
        continue
    suites = [root] if root.tag == "testsuite" else root.iter("testsuite")
    for s in suites:
        total += int(s.get("tests", 0)); bad += int(s.get("failures", 0)) + int(s.get("errors", 0))
print(total, bad)
PY
)
elapsed=$((SECONDS - started))
if [[ $status -eq 0 && "$cases" -gt 0 ]]; then
  echo "openapi conformance: $((cases - failed)) passed, $failed failed (schemathesis suites, ${elapsed}s)"
else
  [[ $status -eq 0 ]] && status=1
  echo "openapi conformance: $((cases - failed)) passed, $((failed > 0 ? failed : 1)) failed (schemathesis suites, ${elapsed}s)"
fi
exit "$status"
