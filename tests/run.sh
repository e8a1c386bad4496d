#!/bin/sh
# Runs every test program of a build directory and sums cmocka's counts.
# Usage: tests/run.sh BUILD_DIR [--web]
#   --web  then the page's tests in Chromium (tests/web/run.sh), counted the same way.
#          When Chromium cannot start they are skipped with a message; with
#          GROGNARD_WEB_REQUIRED=1 (.ci/run) a skip counts as a failure.
# Prints each program's output, then one closing line "N passed, N failed" (with
# ", N skipped" when the page's tests could not start Chromium).
# Exits 1 when any test failed or a program crashed.
build=${1:-build}
web=${2:-}
passed=0
failed=0
status=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# LeakSanitizer (make check-san): the system libraries' own leaks are not ours.
LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
for t in "$build"/tests/test_*; do
    [ -x "$t" ] || continue
    GROGNARD_SRCDIR=$(pwd) "$t" >"$log" 2>&1
    rc=$?
    cat "$log"
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$t: exited with status $rc" >&2
        failed=$((failed + 1))
    fi
    [ "$rc" -ne 0 ] && status=1
done
if [ "$web" = "--web" ]; then
    tests/web/run.sh "$build" >"$log" 2>&1
    rc=$?
    cat "$log"
    p=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log" | tail -n 1)
    f=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log" | tail -n 1)
    k=$(sed -n 's/^# skipped \([0-9]*\)$/\1/p' "$log" | tail -n 1)
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-0}))
    if [ "${k:-0}" -gt 0 ] && [ "${GROGNARD_WEB_REQUIRED:-0}" = 1 ]; then
        echo "tests/web: ${k} skipped, counted as failures (GROGNARD_WEB_REQUIRED=1)" >&2
        failed=$((failed + k))
    elif [ "${k:-0}" -gt 0 ]; then
        skipped=$k
    fi
    if [ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then
        echo "tests/web/run.sh: exited with status $rc" >&2
        failed=$((failed + 1))
    fi
    [ "$rc" -ne 0 ] && status=1
fi
echo "$passed passed, $failed failed${skipped:+, $skipped skipped}"
[ "$failed" -eq 0 ] || status=1
exit $status
