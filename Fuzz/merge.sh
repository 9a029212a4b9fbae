#!/usr/bin/env bash
# Minimizes each saved corpus (Fuzz/Corpora/<target>) together with what `make fuzz` added in
# FUZZ_SCRATCH/<target>: libFuzzer's -merge=1 keeps the smallest set of inputs that covers as
# much, and that set replaces the saved one. Review the diff before committing (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${FUZZ_BIN:-.build/fuzz/release/PerformFuzz}
scratch=${FUZZ_SCRATCH:-.build/fuzz-scratch}
export SWIFT_BACKTRACE=enable=no
for target in ${*:-$(ls Fuzz/Corpora)}; do
  merged=$(mktemp -d)
  mkdir -p "$scratch/$target"
  nice "$bin" "$target" -merge=1 -rss_limit_mb=4096 -dict=Fuzz/perform.dict "$merged" \
    "Fuzz/Corpora/$target" "$scratch/$target" >"$scratch/$target.merge.log" 2>&1
  rm -rf "Fuzz/Corpora/$target"
  mv "$merged" "Fuzz/Corpora/$target"
  chmod 755 "Fuzz/Corpora/$target"
  echo "$target: $(ls "Fuzz/Corpora/$target" | wc -l) files, $(du -sk "Fuzz/Corpora/$target" | cut -f1) KiB"
done
