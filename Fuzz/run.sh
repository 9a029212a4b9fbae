#!/usr/bin/env bash
# Runs each fuzz target (all of Fuzz/Corpora/*, or those named) for FUZZ_SECONDS (default 60) or
# FUZZ_RUNS inputs, whichever ends first, with the address and leak sanitizers, starting from
# the saved corpus. New inputs go to FUZZ_SCRATCH/<target> (the saved corpus is only read),
# crashes and leaks to FUZZ_SCRATCH/artifacts. Prints libFuzzer's final figures per target;
# exits 1 when any target found something. `make fuzz` builds the driver first
# (docs/fuzzing.md).
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${FUZZ_BIN:-.build/fuzz/release/PerformFuzz}
seconds=${FUZZ_SECONDS:-60}
runs=${FUZZ_RUNS:--1}
rss=${FUZZ_RSS_MB:-2048}
scratch=${FUZZ_SCRATCH:-.build/fuzz-scratch}
targets=${*:-$(ls Fuzz/Corpora)}
# Crashes are reported by libFuzzer and ASan, with the input saved, not by Swift's backtracer
# (which also reads memory ASan then reports).
export SWIFT_BACKTRACE=enable=no
# Allocations LeakSanitizer cannot see held, named one by one (docs/fuzzing.md, "False leaks at
# exit").
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
status=0
printf '%-17s %10s %8s %6s %8s  %s\n' target runs "execs/s" new "rss MB" result
for target in $targets; do
  mkdir -p "$scratch/$target" "$scratch/artifacts"
  log="$scratch/$target.log"
  nice "$bin" "$target" -max_total_time="$seconds" -runs="$runs" -rss_limit_mb="$rss" \
    -timeout=30 -detect_leaks=1 -dict=Fuzz/perform.dict -print_final_stats=1 \
    -artifact_prefix="$scratch/artifacts/$target-" "$scratch/$target" "Fuzz/Corpora/$target" \
    >"$log" 2>&1
  rc=$?
  stat() { grep "stat::$1:" "$log" | tail -1 | awk '{print $2}'; }
  result="ok: 0 crashes, 0 leaks"
  if [ "$rc" -eq 72 ]; then
    result="interrupted: 0 crashes, 0 leaks" # libFuzzer's exit code after SIGINT
  elif [ "$rc" -ne 0 ]; then
    status=1
    result="FOUND (exit $rc): $(grep -m1 -E 'ERROR|Fatal error|SUMMARY' "$log"), see $log"
  fi
  printf '%-17s %10s %8s %6s %8s  %s\n' "$target" "$(stat number_of_executed_units)" \
    "$(stat average_exec_per_sec)" "$(stat new_units_added)" "$(stat peak_rss_mb)" "$result"
done
exit $status
