#!/usr/bin/env bash
# benchmarks/split/prepare.sh TDRC OUT: rewrites kernels/split_synth.cu and
# kernels/split_lbm.cu with the split transform alone (--transforms=-*,split
# --force: each kernel kept as it was, its path kernels K__p0, K__p1 and
# their tdrc-split descriptor after it, then the plan over per-path lists:
# K__list, K__w0, K__w1), and with tdrc's default (the remap rounds, the
# kernel alone: K.remap.cu) into OUT with the driver; then, on
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
  grep -q 'tdrc-split-lists:' "$out/$k.split.cu" ||
    { echo "prepare.sh: no per-path lists for $k" >&2; cat "$out/$k.explain" >&2; exit 1; }
  grep -o 'tdrc-split[-a-z]*:[^*]*' "$out/$k.split.cu"
  # tdrc's default rewrite (the remap rounds), the kernel alone.
  "$tdrc" --force --keep-original=false "$here/kernels/$k.cu" -o "$out/$k.remap.cu"
done
