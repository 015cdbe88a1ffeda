#!/usr/bin/env bash
# Runs the micro-benchmark on a machine with an OpenCL GPU and no LLVM: the
# kernel is rewritten beforehand (tdrc needs Clang), only the host program is
# built here.  On the NVIDIA device machine the NVIDIA OpenCL ICD is not
# registered, so it is registered for this run (see shared/NOTES.md).
#
# usage: device_micro.sh REWRITTEN.cl OUTDIR [pathlen...]
# env:   MICRO_N (default 16777216), MICRO_WG (256), MICRO_REPS (20),
#        MICRO_RATIO (0.5)
set -euo pipefail
rewritten=$1 outdir=$2
shift 2
pathlens=${*:-1 4 16 64 256 1024}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$outdir"

if command -v nvidia-smi >/dev/null 2>&1; then
  mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$outdir/gpu.txt"
fi
inc=()
[ -d /usr/local/cuda/include/CL ] && inc=(-I/usr/local/cuda/include)
libdir=()
[ -d /usr/local/cuda/lib64 ] && libdir=(-L/usr/local/cuda/lib64)
cc -O2 -std=c11 -o "$outdir/micro_host" "$here/micro_host.c" "$root/runtime/cl/cl_host.c" \
   -I"$root/runtime/cl/include" "${inc[@]}" "${libdir[@]}" -lOpenCL -lm

status=0
for p in $pathlens; do
  "$outdir/micro_host" --original "$here/micro.cl" --rewritten "$rewritten" \
    --n "${MICRO_N:-16777216}" --wg "${MICRO_WG:-256}" --reps "${MICRO_REPS:-20}" \
    --ratio "${MICRO_RATIO:-0.5}" --pathlen "$p" --csv "$outdir/micro.csv" || status=1
done
exit $status
