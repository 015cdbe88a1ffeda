#!/bin/sh
# oclgrind_check.sh TDR_EXEC FILE.cl
#
# Runs FILE.cl once per quick configuration under Oclgrind (data-race and
# uninitialized-value checks on) and fails if Oclgrind or tdr_exec failed or
# if Oclgrind printed any diagnostic. Oclgrind itself exits 0 even when it
# reports errors, so its output has to be inspected.
#
# Exit status: 0 clean, 1 diagnostic or failure, 2 usage error.
set -u

if [ $# -ne 2 ]; then
  echo "usage: $0 TDR_EXEC FILE.cl" >&2
  exit 2
fi
tdr_exec=$1
file=$2
oclgrind=${OCLGRIND:-oclgrind}

out=$(mktemp "${TMPDIR:-/tmp}/oclgrind_check.XXXXXX") || exit 2
trap 'rm -f "$out"' EXIT

# OCLGRIND_FLAGS: extra Oclgrind options, word-split, e.g.
# "--build-options -cl-opt-disable" (Oclgrind 21.10 dies with "Undefined
# external function: llvm.abs.i32" on code that clang turns into that intrinsic).
# TDR_EXEC_FLAGS: extra tdr_exec options, e.g. --feedback.
# shellcheck disable=SC2086
"$oclgrind" ${OCLGRIND_FLAGS:-} --data-races --uninitialized --max-errors 50 \
  "$tdr_exec" ${TDR_EXEC_FLAGS:-} --run-only --quick "$file" >"$out" 2>&1
rc=$?
cat "$out"

# Headlines of Oclgrind 21.10 diagnostics, as printed for planted defects:
#   Read-write data race at local memory address 0x...
#   Write-write data race at local memory address 0x...
#   Work-group divergence detected (barrier)            [also "(async copy)"]
#   Work-item finished without waiting for events
#   Uninitialized value written to global memory address 0x...
#   Uninitialized address used to ...
#   Controlflow depends on uninitialized value
#   Instruction depends on an uninitialized index value
#   Invalid read of size 4 at global memory address 0x...   [also "Invalid write of size"]
#   Invalid write to read-only buffer                    [and similar "Invalid read from ..."]
#   Invalid memory store - source pointer is not aligned to the pointed type
#   Index (..) exceeds static array size (..)
#   Unaligned address on ...
#   Encountered unreachable instruction / trap instruction
#   OCLGRIND FATAL ERROR (...)
#   Oclgrind: 50 errors generated - suppressing further errors
# Every kernel diagnostic also carries a tab-indented "Kernel:" line, which
# catches kinds of report not listed above.
patterns='data race at
Work-group divergence detected
Work-item finished without waiting
Uninitialized (value|address)
depends on (an )?uninitialized
Invalid (read|write)
Invalid memory (load|store)
exceeds static array size
Unaligned address
Encountered [a-z]+ instruction
OCLGRIND FATAL ERROR
^Oclgrind
errors generated - suppressing
^[[:space:]]+Kernel:'

status=0
if [ $rc -ne 0 ]; then
  echo "oclgrind_check: FAIL: $file: oclgrind/tdr_exec exited with status $rc" >&2
  status=1
fi
if grep -q -E -e "$patterns" "$out"; then
  echo "oclgrind_check: FAIL: $file: Oclgrind reported problems:" >&2
  # One summary line per kind of report (addresses blanked out).
  grep -E -e "$patterns" "$out" | grep -v -E '^[[:space:]]+Kernel:' |
    sed 's/0x[0-9a-fA-F]*/0x.../g' | sort | uniq -c >&2
  status=1
fi
[ $status -eq 0 ] && echo "oclgrind_check: OK: $file: no Oclgrind diagnostics"
exit $status
