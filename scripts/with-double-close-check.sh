#!/usr/bin/env bash
# Runs a command with every close(2) of our own binaries watched: `scripts/with-double-close-check.sh
# CMD ARGS…`. A close that fails with EBADF (a descriptor closed twice, or never opened) in a
# process whose executable lies under .build/ fails the run, after the command, with the backtrace
# of each such close. See scripts/double-close-check/double-close-check.c.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d /tmp/perform-close-check.XXXXXX)
trap 'rm -rf "$work"' EXIT

compiler=$(command -v clang || command -v cc)
"$compiler" -shared -fPIC -O1 -o "$work/double-close-check.so" \
  "$here/double-close-check/double-close-check.c" -ldl

status=0
PERFORM_CLOSE_CHECK_LOG="$work/ebadf.log" PERFORM_CLOSE_CHECK_EXE="$root/.build/" \
  LD_PRELOAD="$work/double-close-check.so${LD_PRELOAD:+:$LD_PRELOAD}" "$@" || status=$?

if [[ -s "$work/ebadf.log" ]]; then
  echo "error: a descriptor was closed that was not open (closed twice?); the closes, innermost" >&2
  echo "frame first:" >&2
  # Each frame reads `/path/binary(+0xOFFSET)[0xADDRESS]`: name the function and line.
  while IFS= read -r line; do
    if [[ "$line" =~ ^(/[^\(]+)\(\+(0x[0-9a-f]+)\) && -x "$(command -v addr2line)" ]]; then
      where=$(addr2line -f -e "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" | paste -sd ' ')
      echo "  $(printf '%s' "$where" | swift demangle --simplified 2>/dev/null || echo "$where")" >&2
    else
      echo "$line" >&2
    fi
  done <"$work/ebadf.log"
  [[ $status -ne 0 ]] || status=1
fi
exit "$status"
