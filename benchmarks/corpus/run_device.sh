#!/usr/bin/env bash
# benchmarks/corpus/run_device.sh DIR [SHARD/NSHARDS]: on the GPU machine,
# times every kernel of a prepared corpus (original, ideal, default,
# --keep-original's choice, --force) through runtime/cl on NVIDIA's OpenCL
# and appends one line per kernel and variant to DIR/results.txt:
# "NAME VARIANT MS CHECKSUM"; kernels already there are skipped, so a call
# cut off by a time limit resumes.  report.py DIR summarises it.
# Environment: CORPUS_VARIANTS (default "default keep force": the files
# NAME.VARIANT.tdr.cl timed beside the original and the ideal), CORPUS_RESULTS
# (default DIR/results.txt), CORPUS_ONLY (a file of kernel names: only those).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(cd "$1" && pwd) || exit 2
shard=${2:-0/1}
variants=${CORPUS_VARIANTS:-default keep force}
results=${CORPUS_RESULTS:-$dir/results.txt}
mkdir -p /tmp/tdr-icd && echo libnvidia-opencl.so.1 > /tmp/tdr-icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/tdr-icd TDR_CL_PLATFORM=NVIDIA
bin=/tmp/corpus_cl
if [ ! -x $bin ]; then
  gcc -O2 -c -I"$root/runtime/cl/include" -I/usr/local/cuda/include -o /tmp/cl_host.o "$root/runtime/cl/cl_host.c" &&
  g++ -O2 -std=c++17 -I"$root/runtime/cl/include" -I"$root/runtime/cl" -I/usr/local/cuda/include \
      -o $bin "$root/benchmarks/corpus/corpus_cl.cpp" "$root"/runtime/cl/*.cpp /tmp/cl_host.o \
      -L/usr/local/cuda/lib64 -lOpenCL || exit 2
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
python3 - "$dir" "$shard" <<'PY' | while read -r name len shift paths cut; do
import json, sys
d, shard = sys.argv[1], sys.argv[2]
i, n = map(int, shard.split('/'))
for k, s in enumerate(json.load(open(d + '/corpus.json'))['kernels']):
    if k % n == i:
        p = s['path']
        print(s['name'], s['len'], p['shift'], p['paths'], p['cut'])
PY
  # a kernel already in the results (an earlier, cut-off call) is not rerun
  grep -q "^$name original " "$results" 2>/dev/null && continue
  if [ -n "${CORPUS_ONLY:-}" ] && ! grep -qx "$name" "$CORPUS_ONLY"; then continue; fi
  files=()
  for v in $variants; do files+=("$dir/$name.$v.tdr.cl"); done
  $bin "$name" "$len" "$shift" "$paths" "$cut" "$dir/$name.cl" "${files[@]}" 2>&1 |
    sed "s|$dir/$name\.\([a-z]*\)\.tdr\.cl|\1|; s|^|$name |" >> "$results"
done
wc -l < "$results"
