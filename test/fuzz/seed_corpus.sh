#!/bin/sh
# seed_corpus.sh DIR [PYTHON]: the fuzzer's seed corpus in DIR -- tdrc's test
# kernels (OpenCL and CUDA), the generator's regressions, the lit kernels and 200 random kernels
# from test/gen/kgen.py (seed 1, one kernel per file; deterministic).
set -eu
dir=$1
py=${2:-python3}
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
for f in "$src"/kernels/*.cl "$src"/gen/regressions/*.cl "$src"/lit/*/*.cl; do
  d=$(basename "$(dirname "$f")")
  cp "$f" "$dir/${d}_$(basename "$f")"
done
# CUDA kernels, marked "//cu" for the target; those that #include are left
# out (the target rejects file access).
# The CUDA twins of the OpenCL test kernels are generated (test/cuda/twins.py).
cu=$(mktemp -d)
trap 'rm -rf "$cu"' EXIT
if [ -f "$src/cuda/twins.py" ]; then
  "$py" "$src/cuda/twins.py" "$cu" > /dev/null
else
  cp "$src"/cuda/kernels/*.cu "$cu"
fi
for f in "$cu"/*.cu "$src"/lit/*/*.cu; do
  grep -q include "$f" && continue
  d=$(basename "$(dirname "$f")")
  [ "$(dirname "$f")" = "$cu" ] && d=kernels
  { echo "//cu"; cat "$f"; } > "$dir/${d}_$(basename "$f")"
done
"$py" "$src/gen/kgen.py" --seed 1 --count 200 --per-file 1 --out-dir "$dir" > /dev/null
ls "$dir" | wc -l
