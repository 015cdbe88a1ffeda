#!/usr/bin/env bash
# Here, without a GPU: prepares the named kernels (prepare.sh) and compiles
# each generated harness with nvcc -c for sm_90, so that errors in the
# harness or in a rewrite show before the GPU run.  Exit 0: all compiled;
# 1: a failure; 77: no nvcc (ctest reports the test as skipped).
#
# usage: check_harness.sh TDRC OUTDIR [NAME...]   (all kernels without names)
#   NVCC (environment): the nvcc to use (default: nvcc on PATH, then
#   /usr/local/cuda/bin/nvcc)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tdrc=${1:?usage: check_harness.sh TDRC OUTDIR [NAME...]}
out=${2:?usage: check_harness.sh TDRC OUTDIR [NAME...]}
shift 2
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [ ! -x "$nvcc" ]; then
  echo "check_harness: nvcc not found (set NVCC); skipped"
  exit 77
fi
rm -rf "$out"
TDRC=$tdrc "$here/prepare.sh" "$out" "$@" || exit 1
fail=0
while read -r name _; do
  if "$nvcc" -O3 -arch=sm_90 -fmad=false -std=c++17 -I"$out" -c \
       "$out/$name.harness.cu" -o "$out/$name.o" >"$out/$name.nvcc.log" 2>&1; then
    echo "compiled $name.harness.cu"
  else
    echo "FAIL $name.harness.cu:"; cat "$out/$name.nvcc.log"; fail=$((fail + 1))
  fi
done <"$out/MANIFEST"
echo "check_harness: $(wc -l <"$out/MANIFEST") harness(es), $fail failure(s)"
[ "$fail" -eq 0 ]
