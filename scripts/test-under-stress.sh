#!/usr/bin/env bash
# `make test-stress`: `make test` RUNS times in a row (default 5) in a fresh clone of this
# repository's HEAD, with both cores kept busy by `stress-ng --cpu 2` the whole time; stops at
# the first failure. Prints one line per run (its time and status) and a closing
# "N passed, N failed" line. The clone's build is kept between runs (the first run builds from
# scratch); the stress runs beside the build too.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
if ! command -v stress-ng >/dev/null; then
  if [[ $(id -u) -eq 0 ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends stress-ng
  else
    echo "test-stress needs stress-ng: sudo apt-get install -y stress-ng" >&2
    exit 1
  fi
fi
clone=$(mktemp -d /tmp/perform-stress-XXXXXX)
git clone -q . "$clone"
stress-ng --cpu 2 --timeout 0 --quiet &
stress=$!
trap 'kill $stress 2>/dev/null || true; wait $stress 2>/dev/null || true' EXIT
passed=0
failed=0
for run in $(seq 1 "$runs"); do
  start=$(date +%s)
  log="$clone/stress-run-$run.log"
  if (cd "$clone" && make test >"$log" 2>&1); then
    passed=$((passed + 1))
    status=passed
  else
    failed=$((failed + 1))
    status="FAILED (see $log)"
  fi
  echo "run $run: $status in $(($(date +%s) - start)) s, load $(cut -d' ' -f1-3 /proc/loadavg)," \
    "$(grep -E 'Test run with [0-9]+ tests' "$log" | tail -1 | sed 's/^[^A-Za-z]*//')"
  [[ $failed -eq 0 ]] || break
done
echo "test-stress: $passed passed, $failed failed"
[[ $failed -eq 0 ]] && rm -rf "$clone"
[[ $failed -eq 0 ]]
