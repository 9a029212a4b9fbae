#!/usr/bin/env bash
# The coach's dashboard in headless Chromium (scripts/dashboard-browser-check.py): installs
# Playwright from PyPI into .build/venv when missing (beside schemathesis; Playwright's own
# browsers are never downloaded: it drives Debian's chromium, which `make deps` installs).
#
#   scripts/dashboard-browser-check.sh [PERFORM_BINARY] [--screenshots DIRECTORY]
#
# PERFORM_VENV names another virtualenv than .build/venv (one of a worktree whose .build/venv
# was copied from another tree, whose scripts still run that tree's Python).
set -euo pipefail
cd "$(dirname "$0")/.."

PLAYWRIGHT_VERSION=1.49.1
VENV=${PERFORM_VENV:-.build/venv}
PERFORM=${1:-.build/debug/perform}
shift || true

[[ -x "$PERFORM" ]] || { echo "dashboard: $PERFORM is not built (run swift build)" >&2; exit 1; }
command -v chromium >/dev/null || { echo "dashboard: chromium is missing (run make deps)" >&2; exit 1; }
[[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"
if ! "$VENV/bin/python" -c "import playwright, sys; from importlib.metadata import version; sys.exit(version('playwright') != '$PLAYWRIGHT_VERSION')" 2>/dev/null; then
  echo "dashboard: installing playwright $PLAYWRIGHT_VERSION into $VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "playwright==$PLAYWRIGHT_VERSION"
fi
exec "$VENV/bin/python" scripts/dashboard-browser-check.py "$PERFORM" "$@"
