#!/usr/bin/env bash
# benchmarks/corpus/prepare.sh TDRC OUT [COUNT]: generates the performance
# corpus (gen_perf.py, seed 2026) into OUT and rewrites every kernel with
# tdrc here (where Clang is): the rewrite alone with its in-kernel switch
# (--keep-original=false; "default" in the results, tdrc's default before
# 2026-11-26), tdrc's default (the original kept, chosen per launch by the
# runtime; "keep"), and --force (alone).  Then on the GPU machine:
# run_device.sh OUT (carry OUT).
set -euo pipefail
tdrc=$1 out=$2 count=${3:-200}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
python3 "$here/gen_perf.py" "$out" --count "$count"
for f in "$out"/perf_*.cl; do
  b=${f%.cl}
  "$tdrc" --keep-original=false "$f" -o "$b.default.tdr.cl" --explain > "$b.default.explain"
  "$tdrc" "$f" -o "$b.keep.tdr.cl"
  "$tdrc" --force --keep-original=false "$f" -o "$b.force.tdr.cl"
done
echo "prepared $(ls "$out"/perf_*.keep.tdr.cl | wc -l) kernels in $out"
