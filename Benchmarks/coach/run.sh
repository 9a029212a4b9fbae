#!/usr/bin/env bash
# The coach's reads at a studio's scale (Benchmarks/coach/run.py; docs/benchmarks.md, "The coach's
# reads at scale"), on SQLite and on a throwaway PostgreSQL cluster with fsync on, as in
# production. Environment: PERFORM (a built perform binary; default: build it in release),
# TRAINEES (1000), WORKOUTS (200), SAMPLES (2000), BACKEND (both|sqlite|postgresql).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
backend=${BACKEND:-both}
if [[ "$backend" != sqlite && -z "${PERFORM_TEST_POSTGRESQL:-}" ]]; then
  PERFORM_TEST_POSTGRESQL_FSYNC=on exec "$root/scripts/with-test-postgresql.sh" "$0" "$@"
fi
if [[ -z "${PERFORM:-}" ]]; then
  if ! command -v swift >/dev/null && [[ -x /opt/swift/usr/bin/swift ]]; then
    export PATH=/opt/swift/usr/bin:$PATH
  fi
  (cd "$root" && swift build -c release --product perform)
  PERFORM="$root/.build/release/perform"
fi
exec python3 "$here/run.py" --perform "$PERFORM" --backend "$backend" \
  --trainees "${TRAINEES:-1000}" --workouts "${WORKOUTS:-200}" --samples "${SAMPLES:-2000}"
