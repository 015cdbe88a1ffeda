#!/usr/bin/env bash
# Measures registers and shared memory of every KDIR/*.cl with tdrc-usage on
# the local OpenCL GPU (NVIDIA: the driver's ptxas report and the toolkit's
# ptxas on the program's PTX).  Builds tdrc-usage with a plain compiler
# first, so it needs no CMake or LLVM.  A file's `EXEC: ... options=...`
# line gives its build options.
#
# usage: test/device/run_usage.sh KDIR OUTDIR
#   OUTDIR/usage.log     tdrc-usage --verbose for every file
#   OUTDIR/buildlog.txt  one program's raw build log (KDIR/$BUILDLOG_OF)
#   OUTDIR/env.txt       date, GPU, driver, compilers
set -uo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 KDIR OUTDIR" >&2
  exit 2
fi
KDIR=$1 OUT=$2
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$OUT"
BIN=$OUT/tdrc-usage
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv 2>&1
  command -v ptxas && ptxas --version | tail -n 2
  ${CXX:-g++} --version | head -n 1
  "$ROOT/scripts/build-tdrc-usage.sh" "$BIN" 2>&1
} >"$OUT/env.txt"
if [ ! -x "$BIN" ]; then
  cat "$OUT/env.txt"
  echo "run_usage: tdrc-usage did not build" >&2
  exit 2
fi

LOG=$OUT/usage.log
: >"$LOG"
plain=()
for f in "$KDIR"/*.cl; do
  opts=$(grep -o 'EXEC: kernel=.*options=[^ ]*' "$f" | head -n 1 | sed 's/.*options=//')
  if [ -n "$opts" ]; then
    "$BIN" --verbose --build-options "$opts" "$f" 2>&1 |
      sed "s|^kernel |$f: kernel |" >>"$LOG"
  else
    plain+=("$f")
  fi
done
# One invocation: one context for all of them.
"$BIN" --verbose "${plain[@]}" >>"$LOG" 2>&1
RC=$?
if [ -n "${BUILDLOG_OF:-}" ] && [ -f "$KDIR/$BUILDLOG_OF" ]; then
  "$BIN" --build-log "$KDIR/$BUILDLOG_OF" >"$OUT/buildlog.txt" 2>&1
fi
grep -c ': kernel ' "$LOG" | sed 's/^/kernels measured: /'
grep -m 5 -i -E 'error|failed|no registers' "$LOG"
exit $RC
