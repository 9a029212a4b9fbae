#!/usr/bin/env bash
# The key-to-frame benchmark on a disk whose every sync takes 40-449 ms (slow-sync.c, preloaded
# into `perform` and the benchmark): a key that waited on the journal's or any file's sync would
# show it. Run from the package root after `make bench-app` built both programs; extra arguments
# go to the benchmark. See docs/benchmarks.md, "Terminal app: key to frame".
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cc="$(command -v clang || command -v cc || echo /opt/swift/usr/bin/clang)"
"$cc" -shared -fPIC -O2 -o "$out/slow-sync.so" "$here/slow-sync.c" -ldl
LD_PRELOAD="$out/slow-sync.so" SLOW_SYNC_RANDOM=1 .build/release/AppLatencyBenchmark "$@"
