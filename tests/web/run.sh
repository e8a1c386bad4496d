#!/bin/sh
# The table page's tests in a real browser (Playwright driving Debian's chromium).
# Usage: tests/web/run.sh BUILD_DIR   (from the top of the tree; tests/run.sh --web)
# Installs playwright-core from the lock file (npm ci) when node_modules is missing.
# Each test starts its own `grognard serve` on an ephemeral loopback port. Output is
# node's TAP ("# pass N", "# fail N", "# skipped N"), which tests/run.sh counts; the
# tests skip, saying why, only when Chromium cannot start. Screenshots: BUILD_DIR/screens.
build=${1:-build}
top=$(pwd)
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "tests/web: node and npm are missing (scripts/deps.sh --tests installs them)" >&2
    exit 1
fi
cd tests/web || exit 1
if [ ! -f node_modules/playwright-core/package.json ]; then
    echo "tests/web: npm ci (playwright-core, from package-lock.json)"
    npm ci --no-audit --no-fund --loglevel=error || exit 1
fi
mkdir -p "$top/$build/screens"
GROGNARD_BIN="$top/$build/grognard" GROGNARD_SCREENS="$top/$build/screens" \
    exec node --test --test-reporter=tap ./*.test.mjs
