#!/usr/bin/env bash
# Test kernels against their rewrites on a GPU, through NVIDIA's OpenCL.
#   compare.sh prepare TDRC DIR KERNEL.cl...   (here: tdrc needs Clang)
#       DIR/NAME.cl and its rewrites DIR/NAME.MODE.tdr.cl, MODE = default,
#       force (--force) and dgi (--force --algorithm dgi --neighbors 32)
#   compare.sh run DIR OUT                      (on the GPU machine)
#       builds tdr_exec against NVIDIA's OpenCL, compares every rewrite with
#       its original bit for bit (tdr_exec's configurations), logs to OUT
# The device call must carry DIR (its *.tdr.cl files are git-ignored).
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
case ${1:-} in
  prepare)
    tdrc=$2 dir=$3
    shift 3
    mkdir -p "$dir"
    for f in "$@"; do
      b=$(basename "$f" .cl)
      cp "$f" "$dir/$b.cl"
      "$tdrc" "$f" -o "$dir/$b.default.tdr.cl" || exit 1
      "$tdrc" --force "$f" -o "$dir/$b.force.tdr.cl" || exit 1
      "$tdrc" --force --algorithm dgi --neighbors 32 "$f" -o "$dir/$b.dgi.tdr.cl" || exit 1
    done ;;
  run)
    dir=$(cd "$2" && pwd) out=$3
    mkdir -p "$out" /tmp/tdr-icd
    echo libnvidia-opencl.so.1 > /tmp/tdr-icd/nvidia.icd
    export OCL_ICD_VENDORS=/tmp/tdr-icd TDR_CL_PLATFORM=NVIDIA
    cc -O2 -std=c11 -I"$root/runtime/cl/include" -I"$root/test/exec" -I/usr/local/cuda/include \
       -o "$out/tdr_exec" "$root/test/exec/tdr_exec.c" "$root/test/exec/feedback_check.c" \
       "$root/runtime/cl/cl_host.c" -L/usr/local/cuda/lib64 -lOpenCL -lm || exit 2
    ok=0 bad=0
    for r in "$dir"/*.tdr.cl; do
      b=$(basename "$r" .tdr.cl)
      if "$out/tdr_exec" "$dir/${b%.*}.cl" "$r" > "$out/$b.txt" 2>&1; then
        ok=$((ok + 1))
        echo "ok $b $(grep -o '[0-9]* configurations' "$out/$b.txt" | head -1)"
      else
        bad=$((bad + 1))
        echo "FAIL $b"
        tail -3 "$out/$b.txt"
      fi
    done
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "$ok passed, $bad failed"
    [ "$bad" -eq 0 ] ;;
  *) sed -n '2,9p' "$0"; exit 2 ;;
esac
