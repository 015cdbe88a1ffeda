#!/usr/bin/env bash
# benchmarks/bpu/run_device.sh DIR RESULTS (on the GPU machine, after
# prepare.sh): builds bpu_main for paths of 16, 64 and 256 steps, runs each
# (times and bit-for-bit checks), then Nsight Compute's branch efficiency
# and control-flow efficiency of one launch of each variant at 64 steps.
set -uo pipefail
dir=$(cd "${1:?usage: run_device.sh DIR RESULTS}" && pwd)
res=${2:?usage: run_device.sh DIR RESULTS}
mkdir -p "$res"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$res/device.txt"
for w in 16 64 256; do
  nvcc -O3 -arch=sm_90 -std=c++17 -DWORK=$w -I"$dir" -o "$dir/bpu_$w" "$dir/bpu_main.cu" ||
    { echo "build failed (WORK=$w)"; exit 1; }
done
for w in 16 64 256; do "$dir/bpu_$w"; done | tee "$res/times.txt"
metrics=smsp__sass_average_branch_targets_threads_uniform.pct,smsp__thread_inst_executed_pred_on.sum,smsp__inst_executed.sum
for v in orig u8 u16 u32; do
  ncu --clock-control none --kernel-name classify_mix --launch-count 1 --metrics "$metrics" \
    --csv "$dir/bpu_64" one "$v" >"$res/ncu_$v.csv" 2>&1
  awk -F'","' -v v="$v" '/branch_targets_threads_uniform/ {b=$NF} /pred_on.sum/ {p=$NF}
    /smsp__inst_executed.sum/ {i=$NF}
    END {gsub(/[",]/, "", b); gsub(/[",]/, "", p); gsub(/[",]/, "", i);
         printf "%s branch-efficiency %s%% CFE %.1f%%\n", v, b, 100 * p / (32 * i)}' \
    "$res/ncu_$v.csv"
done | tee "$res/ncu.txt"
