#!/usr/bin/env bash
# benchmarks/split/prepare.sh TDRC OUT: rewrites kernels/split_synth.cu and
# kernels/split_lbm.cu with the split transform alone (--transforms=-*,split
# --force: each kernel kept as it was, its path kernels K__p0, K__p1 and
# their tdrc-split descriptor after it) into OUT with the driver; then, on
# the GPU machine: bash OUT/run_device.sh OUT RESULTS.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 TDRC OUT" >&2; exit 2; }
tdrc=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/kernels"
cp "$here/split_main.cu" "$here/run_device.sh" "$out/"
for k in split_synth split_lbm; do
  cp "$here/kernels/$k.cu" "$out/kernels/"
  "$tdrc" '--transforms=-*,split' --force "$here/kernels/$k.cu" \
    -o "$out/$k.split.cu" --explain >"$out/$k.explain" 2>&1
  grep -q 'tdrc-split:' "$out/$k.split.cu" ||
    { echo "prepare.sh: the split transform left $k unchanged" >&2; cat "$out/$k.explain" >&2; exit 1; }
  grep -o 'tdrc-split:[^*]*' "$out/$k.split.cu"
done
