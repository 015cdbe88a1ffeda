#!/usr/bin/env bash
# benchmarks/loopsplit/run_device.sh DIR RESULTS (on the GPU machine, after
# prepare.sh): builds loopsplit_main (nvcc -O3 -arch=sm_90, ptxas -v kept in
# RESULTS/ptxas.txt), runs it into RESULTS/loopsplit.txt; builds choice.tdr.cu
# and runs it under each TDR_CHOOSE into RESULTS/choice.txt; then
# `loopsplit_main small` under compute-sanitizer's memcheck.
set -uo pipefail
dir=$(cd "${1:?usage: run_device.sh DIR RESULTS}" && pwd)
res=${2:?usage: run_device.sh DIR RESULTS}
mkdir -p "$res"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$res/device.txt"
nvcc -O3 -arch=sm_90 -std=c++17 -Xptxas -v -I"$dir" -o "$dir/loopsplit_main" \
  "$dir/loopsplit_main.cu" >"$res/ptxas.txt" 2>&1 || { cat "$res/ptxas.txt"; echo "build failed"; exit 1; }
"$dir/loopsplit_main" | tee "$res/loopsplit.txt"
rc=${PIPESTATUS[0]}
# The launch-time choice: steady-state time per launch under each
# TDR_CHOOSE (measure is the default), outputs hashed.
nvcc -O3 -arch=sm_90 -std=c++17 -o "$dir/choice" "$dir/choice.tdr.cu" >"$res/choice-build.txt" 2>&1 ||
  { cat "$res/choice-build.txt"; echo "choice build failed"; exit 1; }
for mode in original rewritten measure; do
  echo "# TDR_CHOOSE=$mode" | tee -a "$res/choice.txt"
  TDR_CHOOSE=$mode TDR_LOG=1 "$dir/choice" 2>&1 | tee -a "$res/choice.txt" || rc=1
done
if command -v compute-sanitizer >/dev/null 2>&1; then
  timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 "$dir/loopsplit_main" small \
    >"$res/loopsplit-sanitizer.txt" 2>&1
  echo "compute-sanitizer memcheck (loopsplit_main small): exit status $?" | tee -a "$res/loopsplit-sanitizer.txt"
else
  echo "compute-sanitizer not found" | tee "$res/loopsplit-sanitizer.txt"
fi
exit "$rc"
