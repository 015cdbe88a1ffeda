#!/usr/bin/env bash
# The ballot-round trials of ballot_trials.py on the GPU machine, in one call
# (about 3 minutes): for micro4 and micro8 at pathlen 1024, 64 and 8, every
# variant against the original and the ideal on random input, twice; then
# every variant on the ideal's input (sorted per block, so no thread moves)
# with the original on it as the reference.  Median of 30 (20) launches.
# DIR from prepare.sh with tdrc 01332a8, then ballot_trials.py DIR.
# usage: ballot_trials.sh DIR OUT     env: SUITE_BIN (build once, reuse)
set -uo pipefail
dir=$(cd "$1" && pwd) out=$2
here=$(cd "$(dirname "$0")" && pwd)
suite=$(cd "$here/../suite" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
export PATH=$PATH:/usr/local/cuda/bin
[ -d "$dir/trials" ] || python3 "$here/ballot_trials.py" "$dir" || exit 1
bin=${SUITE_BIN:-/tmp/suite-trials}
# shellcheck source=benchmarks/suite/benches.sh
. "$suite/benches.sh"
suite_build "$bin" "$dir" "$out" || exit 1
c=$bin/cubin
for f in "$dir"/trials/*/*.cu; do
  b=$(basename "$(dirname "$f")")
  nvcc -arch=sm_90 -O3 -fmad=false -cubin -diag-suppress 177,550,20199 -o "$c/$b.trial.$(basename "$f" .cu).cubin" "$f" &
done
wait
status=0
# The harness takes at most 8 variants a run: the rounds, then the probes.
for b in micro4 micro8; do
  for group in "perkey int bits bitsint allwarps" "alu32 fp32 fp32nobar fp32after"; do
    v=()
    for n in $group; do [ -f "$c/$b.trial.$n.cubin" ] && v+=(--variant "$n=$c/$b.trial.$n.cubin"); done
    [ ${#v[@]} -gt 0 ] || continue
    for rep in 1 2; do
      for w in 1024 64 8; do
        echo "== $b pathlen $w, random input, run $rep"
        "$bin/suite_cuda" --bench "$b" --work "$w" --original "$c/$b.cubin" "${v[@]}" --ideal "$c/$b.ideal.cubin" \
          --no-cpu-tdr --reps 30 --csv "$out/trials.csv" | grep -v '^paths ' || status=1
      done
    done
  done
  for w in 1024 64; do
    echo "== $b pathlen $w, sorted input (each as the ideal)"
    for f in "$c/$b.ideal.cubin" "$c/$b".trial.*.cubin; do
      printf '%-14s ' "$(basename "$f" .cubin | sed 's/.*\.//')"
      "$bin/suite_cuda" --bench "$b" --work "$w" --original "$c/$b.cubin" --ideal "$f" --no-cpu-tdr --reps 20 |
        grep '^ideal ' || status=1
    done
  done
done
exit $status
