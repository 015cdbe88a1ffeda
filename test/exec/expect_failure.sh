#!/bin/sh
# expect_failure.sh RC REGEX CMD [ARGS...]
#
# Self-test wrapper: runs CMD and succeeds only if it exits with status RC
# and its output (stdout + stderr) matches the extended regex REGEX. Plain
# WILL_FAIL would also "pass" on a crash, a missing device or a build error.
set -u
if [ $# -lt 3 ]; then
  echo "usage: $0 RC REGEX CMD [ARGS...]" >&2
  exit 2
fi
want_rc=$1
regex=$2
shift 2
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne "$want_rc" ]; then
  echo "expect_failure: FAIL: exit status $rc, expected $want_rc" >&2
  exit 1
fi
if ! printf '%s\n' "$out" | grep -q -E -e "$regex"; then
  echo "expect_failure: FAIL: output does not match /$regex/" >&2
  exit 1
fi
echo "expect_failure: OK: exit status $rc and output matches /$regex/"
