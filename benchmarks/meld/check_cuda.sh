#!/usr/bin/env bash
# benchmarks/meld/check_cuda.sh [DIR]: compile-checks the CUDA variants
# with nvcc (no GPU needed): every DIR/kernels/*.cu that prepare.sh wrote
# (default: this folder's kernels/*.cu), each linked with meld_main.cu, as
# run_device.sh builds them (-O3 -arch=sm_90 -fmad=false).  NVCC: the
# compiler (default /usr/local/cuda/bin/nvcc).  Exit 1 when one fails.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
flags=(-O3 -arch=sm_90 -fmad=false -I"$here")
"$nvcc" "${flags[@]}" -c -o "$out/meld_main.o" "$here/meld_main.cu" || exit 1
n=0 bad=0
for f in "$dir"/kernels/*.cu; do
  n=$((n + 1))
  if ! "$nvcc" "${flags[@]}" -o "$out/bin" "$out/meld_main.o" "$f"; then
    echo "check_cuda: $f does not compile"
    bad=$((bad + 1))
  fi
done
[ $n -gt 0 ] || { echo "check_cuda: nothing to compile in $dir/kernels"; exit 1; }
echo "check_cuda: $((n - bad)) of $n CUDA files compile and link"
[ $bad = 0 ]
