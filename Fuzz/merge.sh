#!/usr/bin/env bash
# Minimizes each saved corpus (Fuzz/Corpora/<target>) together with what `make fuzz` added in
# FUZZ_SCRATCH/<target>: libFuzzer's -set_cover_merge=1 keeps a small set of inputs that covers
# as much, then the smallest of those are kept up to FUZZ_CORPUS_FILES (300)
# files and FUZZ_CORPUS_BYTES (250000) bytes per target, and that set replaces the saved one.
# Review the diff before committing (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${FUZZ_BIN:-.build/fuzz/release/PerformFuzz}
scratch=${FUZZ_SCRATCH:-.build/fuzz-scratch}
max_files=${FUZZ_CORPUS_FILES:-300}
max_bytes=${FUZZ_CORPUS_BYTES:-250000}
export SWIFT_BACKTRACE=enable=no
# Allocations LeakSanitizer cannot see held, named one by one (docs/fuzzing.md, "False leaks at
# exit").
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}
for target in ${*:-$(ls Fuzz/Corpora)}; do
  merged=$(mktemp -d)
  mkdir -p "$scratch/$target"
  nice "$bin" "$target" -set_cover_merge=1 -rss_limit_mb=4096 -dict=Fuzz/perform.dict "$merged" \
    "Fuzz/Corpora/$target" "$scratch/$target" >"$scratch/$target.merge.log" 2>&1
  if [ -z "$(ls -A "$merged")" ]; then
    echo "$target: the merge kept nothing; Fuzz/Corpora/$target is unchanged (see $scratch/$target.merge.log)" >&2
    exit 1
  fi
  total=0
  count=0
  while read -r size name; do
    if [ $count -ge "$max_files" ] || [ $((total + size)) -gt "$max_bytes" ]; then
      rm "$merged/$name"
    else
      total=$((total + size))
      count=$((count + 1))
    fi
  done < <(cd "$merged" && find . -type f -printf '%s %f\n' | sort -n)
  rm -rf "Fuzz/Corpora/$target"
  mv "$merged" "Fuzz/Corpora/$target"
  chmod 755 "Fuzz/Corpora/$target"
  echo "$target: $(ls "Fuzz/Corpora/$target" | wc -l) files, $(cat "Fuzz/Corpora/$target"/* | wc -c) bytes"
done
