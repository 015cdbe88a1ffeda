#!/usr/bin/env bash
# Rewrites micro.cl with tdrc and runs micro_host for a list of path lengths.
#
# usage: run_micro.sh TDRC_BINARY MICRO_HOST_BINARY OUTDIR [PATHLEN...]
#
#   PATHLEN...        loop trip counts to measure (default: 4 16 64 256)
#
# Environment:
#   MICRO_CL          kernel to rewrite (default: micro.cl next to this script)
#   MICRO_HOST_ARGS   extra micro_host arguments, word-split, e.g.
#                     MICRO_HOST_ARGS="--n 65536 --reps 5" for a slow CPU device
#   TDR_CL_PLATFORM   OpenCL platform name substring (read by micro_host)
#
# Writes OUTDIR/micro.tdr.cl, appends to OUTDIR/micro.csv and OUTDIR/micro.log.
# Exit status: 0 all runs ok, 1 tdrc failed or some run failed / mismatched,
# 2 usage.
set -euo pipefail

usage() {
  echo "usage: $0 TDRC_BINARY MICRO_HOST_BINARY OUTDIR [PATHLEN...]" >&2
  exit 2
}

[ $# -ge 3 ] || usage
TDRC=$1
MICRO_HOST=$2
OUTDIR=$3
shift 3
if [ $# -gt 0 ]; then
  PATHLENS=("$@")
else
  PATHLENS=(4 16 64 256)
fi

SCRIPT_DIR=$(cd "$(dirname "$0")" && pwd)
MICRO_CL=${MICRO_CL:-$SCRIPT_DIR/micro.cl}
read -r -a EXTRA_ARGS <<< "${MICRO_HOST_ARGS:-}"

for p in "${PATHLENS[@]}"; do
  case $p in
    ''|*[!0-9]*) echo "run_micro.sh: path length '$p' is not a non-negative integer" >&2; usage ;;
  esac
done
[ -x "$TDRC" ] || { echo "run_micro.sh: tdrc binary '$TDRC' not found or not executable" >&2; exit 2; }
[ -x "$MICRO_HOST" ] || { echo "run_micro.sh: micro_host binary '$MICRO_HOST' not found or not executable" >&2; exit 2; }
[ -f "$MICRO_CL" ] || { echo "run_micro.sh: kernel '$MICRO_CL' not found" >&2; exit 2; }

mkdir -p "$OUTDIR"
REWRITTEN=$OUTDIR/micro.tdr.cl
CSV=$OUTDIR/micro.csv
LOG=$OUTDIR/micro.log

echo "== $(date -u +%Y-%m-%dT%H:%M:%SZ) run_micro.sh" | tee -a "$LOG"
echo "== rewriting: $TDRC $MICRO_CL -o $REWRITTEN -- -cl-std=CL1.2" | tee -a "$LOG"
if ! "$TDRC" "$MICRO_CL" -o "$REWRITTEN" -- -cl-std=CL1.2 2>&1 | tee -a "$LOG"; then
  echo "run_micro.sh: tdrc failed" | tee -a "$LOG" >&2
  exit 1
fi
[ -s "$REWRITTEN" ] || { echo "run_micro.sh: tdrc produced no output in $REWRITTEN" | tee -a "$LOG" >&2; exit 1; }

failed=()
for p in "${PATHLENS[@]}"; do
  echo | tee -a "$LOG"
  echo "== pathlen $p" | tee -a "$LOG"
  cmd=("$MICRO_HOST" --original "$MICRO_CL" --rewritten "$REWRITTEN" --pathlen "$p" --csv "$CSV"
       ${EXTRA_ARGS[@]+"${EXTRA_ARGS[@]}"})
  echo "\$ ${cmd[*]}" | tee -a "$LOG"
  rc=0
  "${cmd[@]}" 2>&1 | tee -a "$LOG" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "run_micro.sh: micro_host failed for pathlen $p (exit $rc)" | tee -a "$LOG" >&2
    failed+=("$p")
  fi
done

echo | tee -a "$LOG"
echo "== results appended to $CSV (log: $LOG)" | tee -a "$LOG"
if [ ${#failed[@]} -gt 0 ]; then
  echo "run_micro.sh: FAILED for pathlen(s): ${failed[*]}" | tee -a "$LOG" >&2
  exit 1
fi
echo "== all runs passed" | tee -a "$LOG"
