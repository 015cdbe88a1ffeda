#!/usr/bin/env bash
# benchmarks/split/run_device.sh DIR RESULTS (on the GPU machine, after
# prepare.sh): builds split_main (nvcc -O3 -arch=sm_90, ptxas -v: the
# registers of each kernel and part, kept in RESULTS/ptxas.txt), runs it
# (times, occupancy, the prediction, bit-for-bit checks) into
# RESULTS/split.txt, then `split_main small` under compute-sanitizer's
# memcheck into RESULTS/split-sanitizer.txt.  Under a minute on an H100.
set -uo pipefail
dir=$(cd "${1:?usage: run_device.sh DIR RESULTS}" && pwd)
res=${2:?usage: run_device.sh DIR RESULTS}
mkdir -p "$res"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$res/device.txt"
nvcc -O3 -arch=sm_90 -std=c++17 -Xptxas -v -I"$dir" -o "$dir/split_main" "$dir/split_main.cu" \
  >"$res/ptxas.txt" 2>&1 || { cat "$res/ptxas.txt"; echo "build failed"; exit 1; }
# One line per kernel: its (demangled) name, registers, spills.
filt=$(command -v c++filt || echo cat)
regs=$(awk '/Compiling entry function/ {split($0, a, "'\''"); k = a[2]}
            /bytes spill stores/ {sp = $5 " B spill stores"}
            /Used [0-9]+ registers/ {for (i = 1; i < NF; ++i) if ($i == "Used") r = $(i + 1);
                                     print "#  ", k, r " registers,", sp}' "$res/ptxas.txt" | "$filt")
printf '# ptxas -v (nvcc -O3 -arch=sm_90):\n%s\n' "$regs" | tee "$res/split.txt"
start=$SECONDS
"$dir/split_main" | tee -a "$res/split.txt"
rc=${PIPESTATUS[0]}
echo "# split_main: exit status $rc, $((SECONDS - start)) s" | tee -a "$res/split.txt"
if command -v compute-sanitizer >/dev/null 2>&1; then
  timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 "$dir/split_main" small \
    >"$res/split-sanitizer.txt" 2>&1
  echo "compute-sanitizer memcheck (split_main small): exit status $?" | tee -a "$res/split-sanitizer.txt"
  tail -n 3 "$res/split-sanitizer.txt"
else
  echo "compute-sanitizer not found: no memcheck run" | tee "$res/split-sanitizer.txt"
fi
exit "$rc"
