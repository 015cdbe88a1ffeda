#!/bin/bash
# run.sh ARCHIVE OUTDIR   (on the GPU machine, from the repository root)
#
# Runs every rewrite that prepare.sh packed in ARCHIVE against its original
# with tdr_exec on NVIDIA's OpenCL (TDR_CL_PLATFORM, default NVIDIA):
# the same random inputs, work-group sizes and condition mixes as on PoCL,
# buffers compared bit for bit.  A file that differs is run against itself
# too (is the original deterministic on this device?), and each differing
# kernel once more with both programs built -cl-opt-disable; the exit status
# is 1 only if one differs there too (or fails).  JOBS processes share
# the GPU (default 12).  SHARD=I/N runs every N-th comparison from the I-th
# (0-based; a device call has 10 minutes), ONLY=REGEX those whose name
# (gen_S_FFFFF.MODE) matches, LIST=FILE those it names (one per line).  TDR_EXEC_BUILD_OPTIONS reaches tdr_exec.
# Writes OUTDIR/gpu-gen.log (one line per comparison) and prints the totals.
set -u
[ $# -eq 2 ] || { sed -n '2,14p' "$0"; exit 2; }
archive=$1 out=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=$(mktemp -d) || exit 2
mkdir -p "$out" || exit 2
tar -C "$work" -xJf "$archive" || exit 2
# NVIDIA's ICD alone unless the machine already lists it
if [ -z "${OCL_ICD_VENDORS:-}" ] && [ ! -e /etc/OpenCL/vendors/nvidia.icd ]; then
  mkdir -p "$work/icd" && echo libnvidia-opencl.so.1 > "$work/icd/nvidia.icd"
  export OCL_ICD_VENDORS=$work/icd
fi
export TDR_CL_PLATFORM=${TDR_CL_PLATFORM:-NVIDIA}
cc -O2 -std=c11 -I"$root/runtime/cl/include" -I"$root/test/exec" -I/usr/local/cuda/include \
   -o "$work/tdr_exec" "$root/test/exec/tdr_exec.c" "$root/test/exec/feedback_check.c" \
   "$root/runtime/cl/cl_host.c" -L/usr/local/cuda/lib64 -lOpenCL -lm || exit 2
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  echo "shard ${SHARD:-0/1} only ${ONLY:-all} list ${LIST:-none} options ${TDR_EXEC_BUILD_OPTIONS:-none}"; } > "$out/gpu.txt"
shard=${SHARD:-0/1}
si=${shard%/*} sn=${shard#*/}
mkdir -p "$work/log"
one() {  # one comparison: REWRITE -> log/NAME.MODE.txt
  r=$1 w=$2 exe=$3
  b=$(basename "$r" .tdr.cl) orig=${r%.*.tdr.cl}.cl
  if timeout 600 "$exe" "$orig" "$r" > "$w/log/$b.txt" 2>&1; then
    echo "ok $b $(grep -o '[0-9]* configurations' "$w/log/$b.txt" | head -1)"
  else
    rc=$?
    self=$(timeout 600 "$exe" "$orig" "$orig" 2>&1 | grep -c 'all buffers bit-identical')
    # Each differing kernel again with both programs unoptimized: no constant
    # folding or other optimizer choice that OpenCL's ulp bounds allow to
    # differ between two compilations (cos, log, exp, ...), only the code.
    noopt=
    for k in $(sed -n 's/.* kernels differ: //p' "$w/log/$b.txt" | tr -d '.'); do
      if TDR_EXEC_BUILD_OPTIONS="${TDR_EXEC_BUILD_OPTIONS:-} -cl-opt-disable" \
           timeout 600 "$exe" --kernel "$k" "$orig" "$r" > "$w/log/$b.$k.noopt.txt" 2>&1; then
        noopt="$noopt $k:identical"
      else
        noopt="$noopt $k:DIFFERS"
      fi
    done
    echo "DIFF $b (exit $rc; original against itself: $([ "$self" -gt 0 ] && echo identical || echo DIFFERS);" \
         "unoptimized:${noopt:- none})"
    grep -E 'MISMATCH|differ|error' "$w/log/$b.txt" | head -5 | sed 's/^/    /'
  fi
}
export -f one
find "$work/k" -name '*.tdr.cl' | sort | grep -E -e "${ONLY:-.}" \
  | if [ -n "${LIST:-}" ]; then grep -F -f <(sed 's|.*|/&.tdr.cl|' "$LIST"); else cat; fi | awk -v i="$si" -v n="$sn" '(NR - 1) % n == i' \
  | xargs -P "${JOBS:-12}" -I{} bash -c 'one "$@"' _ {} "$work" "$work/tdr_exec" > "$out/gpu-gen.log"
ok=$(grep -c '^ok ' "$out/gpu-gen.log") bad=$(grep -c '^DIFF ' "$out/gpu-gen.log")
real=$(grep '^DIFF ' "$out/gpu-gen.log" | grep -c -E 'DIFFERS|none\)')
configs=$(awk '/^ok /{s += $3} END {print s + 0}' "$out/gpu-gen.log")
echo "gpu-gen: $(tr '\n' ' ' < "$out/gpu.txt")"
echo "gpu-gen: $((ok + bad)) comparisons, $configs configurations, $ok bit-identical, $bad differ or fail," \
     "$((bad - real)) of them bit-identical unoptimized"
grep -A5 '^DIFF ' "$out/gpu-gen.log" | head -40
rm -rf "$work"
[ "$real" -eq 0 ]
