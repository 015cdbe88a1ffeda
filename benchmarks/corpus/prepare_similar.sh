#!/usr/bin/env bash
# benchmarks/corpus/prepare_similar.sh TDRC OUT [COUNT [SEED]]: generates
# the meld-or-remap corpus (gen_similar.py, seed 2027 unless SEED) into OUT
# and rewrites every kernel here four ways, each the rewrite alone
# (--keep-original=false): "remap" (melding off: what tdrc chose before the
# per-branch choice), "meld" (melding alone), "meldall" (melding alone with
# --meld-arithmetic: also the melds of arithmetic that keep guards or select
# integer constants) and "pick" (the default: both on, the pass manager
# choosing per branch; NAME.pick.explain says how).  Then on the GPU
# machine: CORPUS_VARIANTS="remap meld meldall pick" run_device.sh OUT, and
# report_similar.py OUT.
set -euo pipefail
tdrc=$1 out=$2 count=${3:-120} seed=${4:-2027}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
python3 "$here/gen_similar.py" "$out" --count "$count" --seed "$seed"
for f in "$out"/sim_*.cl; do
  b=${f%.cl}
  "$tdrc" --keep-original=false --transforms=-meld "$f" -o "$b.remap.tdr.cl"
  "$tdrc" --keep-original=false --transforms=-remap,-dwa,meld "$f" -o "$b.meld.tdr.cl"
  "$tdrc" --keep-original=false --transforms=-remap,-dwa,meld --meld-arithmetic \
    "$f" -o "$b.meldall.tdr.cl"
  "$tdrc" --keep-original=false "$f" -o "$b.pick.tdr.cl" --explain > "$b.pick.explain" 2>&1
done
echo "prepared $(ls "$out"/sim_*.pick.tdr.cl | wc -l) kernels in $out"
