#!/usr/bin/env bash
# benchmarks/bpu/prepare.sh TDRC OUT: rewrites kernels/classify_mix.cu with
# the bpu transform alone (--transforms=-*,bpu --force --keep-original=false, the
# rewrite under the kernel's own name) into OUT with the driver; then, on the
# GPU machine: bash OUT/run_device.sh OUT RESULTS.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 TDRC OUT" >&2; exit 2; }
tdrc=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/kernels"
cp "$here/bpu_main.cu" "$here/run_device.sh" "$out/"
cp "$here/kernels/classify_mix.cu" "$out/kernels/"
"$tdrc" '--transforms=-*,bpu' --force --keep-original=false "$here/kernels/classify_mix.cu" \
  -o "$out/classify_mix.bpu.cu" --explain >"$out/classify_mix.explain"
grep -q 'tdrc: path after path' "$out/classify_mix.bpu.cu" ||
  { echo "prepare.sh: the bpu transform left classify_mix unchanged" >&2; exit 1; }
