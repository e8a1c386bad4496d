#!/bin/sh
# Runs every test program of a build directory and sums cmocka's counts.
# Usage: tests/run.sh BUILD_DIR
# Prints each program's output, then one closing line "N passed, N failed".
# Exits 1 when any test failed or a program crashed.
build=${1:-build}
passed=0
failed=0
status=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
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
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] || status=1
exit $status
