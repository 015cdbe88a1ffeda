#!/bin/sh
# seed_corpus.sh DIR [PYTHON]: the fuzzer's seed corpus in DIR -- tdrc's test
# kernels, the generator's regressions, the lit kernels and 200 random kernels
# from test/gen/kgen.py (seed 1, one kernel per file; deterministic).
set -eu
dir=$1
py=${2:-python3}
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
for f in "$src"/kernels/*.cl "$src"/gen/regressions/*.cl "$src"/lit/*.cl "$src"/lit/Inputs/*.cl; do
  d=$(basename "$(dirname "$f")")
  cp "$f" "$dir/${d}_$(basename "$f")"
done
"$py" "$src/gen/kgen.py" --seed 1 --count 200 --per-file 1 --out-dir "$dir" > /dev/null
ls "$dir" | wc -l
