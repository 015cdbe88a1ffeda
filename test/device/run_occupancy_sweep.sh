#!/usr/bin/env bash
# Builds test/device/occupancy_sweep.cu with tdrc's occupancy model and runs it
# on the local NVIDIA GPU; the full log goes to OUTDIR/occupancy_sweep.log.
#
# usage: test/device/run_occupancy_sweep.sh OUTDIR
#   NVCC=...       the compiler (default: nvcc on PATH, else /usr/local/cuda)
#   ARCH=sm_XY     the target (default: the GPU's, from nvidia-smi; else sm_90)
#   SWEEP_BIN=...  run this prebuilt sweep instead of building one
#   SWEEP_ARGS=... arguments, e.g. --calculator (no GPU needed)
# Exit status: the sweep's (0 all agree, 1 disagreements, 2 setup failure).
set -uo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 OUTDIR" >&2
  exit 2
fi
OUT=$1
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$OUT"
LOG=$OUT/occupancy_sweep.log
: >"$LOG"

BIN=${SWEEP_BIN:-}
if [ -z "$BIN" ]; then
  NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  if [ -z "${ARCH:-}" ]; then
    CAP=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null |
      head -n1 | tr -d ' .')
    ARCH=sm_${CAP:-90}
  fi
  BIN=$OUT/occupancy_sweep
  echo "== build: $NVCC -arch=$ARCH" >>"$LOG"
  if ! "$NVCC" -O2 -std=c++17 -arch="$ARCH" -I "$ROOT/include" \
      "$ROOT/test/device/occupancy_sweep.cu" \
      "$ROOT/lib/Occupancy/Occupancy.cpp" "$ROOT/lib/Occupancy/GpuTable.cpp" \
      -o "$BIN" >>"$LOG" 2>&1; then
    cat "$LOG" >&2
    echo "occupancy sweep: build failed" >&2
    exit 2
  fi
fi

echo "== run: $BIN ${SWEEP_ARGS:-}" >>"$LOG"
# shellcheck disable=SC2086 # SWEEP_ARGS is a word list
"$BIN" ${SWEEP_ARGS:-} >>"$LOG" 2>&1
RC=$?
grep -m 20 '^DISAGREE' "$LOG"
SUMMARY='^(device|table|distinct|cuda errors|sm_[0-9]+:|[a-z]+ sweep:)'
grep -E "$SUMMARY" "$LOG"
exit $RC
