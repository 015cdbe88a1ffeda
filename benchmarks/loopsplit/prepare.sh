#!/usr/bin/env bash
# benchmarks/loopsplit/prepare.sh TDRC OUT: rewrites kernels/loopsplit_bench.cu
# with the loopsplit transform alone (--transforms=-*,loopsplit --device-only;
# each kernel split in place, its original kept as K_tdr_original) at two
# and four loops per loop, into OUT with the driver; then, on the GPU
# machine: bash OUT/run_device.sh OUT RESULTS.  Also choice.tdr.cu: the
# kernels and choice_host.cu's launches in one file, rewritten by tdrc's
# default CUDA mode, so that the launches go through its measured choice.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 TDRC OUT" >&2; exit 2; }
tdrc=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cp "$here/loopsplit_main.cu" "$here/run_device.sh" "$out/"
# The kernels with host launches in one file: tdrc's default CUDA output
# (--keep-original) turns the launches into its launchers, which measure.
cat "$here/kernels/loopsplit_bench.cu" "$here/choice_host.cu" >"$out/choice.cu"
"$tdrc" '--transforms=-*,loopsplit' --force "$out/choice.cu" -o "$out/choice.tdr.cu" \
  --explain >"$out/choice.explain" 2>&1
[ "$(grep -c '_tdr_launch(' "$out/choice.tdr.cu")" -ge 8 ] ||
  { echo "prepare.sh: the launches were not rewritten" >&2; cat "$out/choice.explain" >&2; exit 1; }
for n in 2 4; do
  "$tdrc" '--transforms=-*,loopsplit' --device-only --force --loop-split-loops=$n \
    "$here/kernels/loopsplit_bench.cu" -o "$out/loopsplit_bench.split$n.cu" \
    --explain >"$out/loopsplit_bench.split$n.explain" 2>&1
  [ "$(grep -c 'tdrc: loop split' "$out/loopsplit_bench.split$n.cu")" -eq 4 ] ||
    { echo "prepare.sh: not every kernel's loop split" >&2; cat "$out/loopsplit_bench.split$n.explain" >&2; exit 1; }
done
