#!/usr/bin/env bash
# Quick start, step 1 (Debian 12): install the missing packages, build tdrc,
# rewrite the micro-benchmark kernel and run original and rewritten on the
# default OpenCL device (PoCL on the CPU here; a GPU when one is registered).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=deps.sh
source "$root/scripts/deps.sh"
tdrc_install_missing

cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$root/build"

echo
echo "== tdrc benchmarks/micro/micro.cl -o build/micro.tdr.cl --explain"
"$root/build/tools/tdrc" "$root/benchmarks/micro/micro.cl" -o "$root/build/micro.tdr.cl" \
  --explain -- -cl-std=CL1.2
echo
echo "== original vs rewritten on the default OpenCL device"
# A CPU device is slow: a smaller problem than the GPU runs in docs/benchmarks.md.
"$root/build/benchmarks/micro/micro_host" --original "$root/benchmarks/micro/micro.cl" \
  --rewritten "$root/build/micro.tdr.cl" --n "${MICRO_N:-262144}" --pathlen "${MICRO_PATHLEN:-64}" \
  --reps "${MICRO_REPS:-5}"
