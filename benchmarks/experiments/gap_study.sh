#!/usr/bin/env bash
# Where tdrc's CUDA micro-benchmark rewrites lose time (issues 4 and 5), on
# the GPU machine in one call (about 2 minutes):
#   1. short paths (1, 4), the round switched off: the default rewrite
#      against the original and against hand-made variants that each add one
#      ingredient of the rewrite (gap_variants.py);
#   2. long paths (64, 1024): the best rewrite (ballot partition, HoT for
#      P = 2) on random input, the same rewrite on the ideal's sorted input
#      (no work-item moves), the barrier and shared-memory variants, and
#      the ballot round cut down (no hand-over; only its ballot loop) on
#      sorted input, all against the ideal (the original on sorted input);
#   3. SASS: how often ptxas picks the FMA-pipe forms VIADD / IMAD.MOV over
#      IADD3 / MOV in each kernel, and in the paths' loops alone
#      (cuobjdump, sass_loops.py).
# DIR from prepare.sh (then gap_variants.py DIR, done here if missing).
# usage: gap_study.sh DIR OUT     env: SUITE_BIN (build once, reuse)
set -uo pipefail
dir=$(cd "$1" && pwd) out=$2
here=$(cd "$(dirname "$0")" && pwd)
suite=$(cd "$here/../suite" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
export PATH=$PATH:/usr/local/cuda/bin
[ -d "$dir/gap" ] || python3 "$here/gap_variants.py" "$dir" || exit 1
bin=${SUITE_BIN:-/tmp/suite-gap}
# shellcheck source=benchmarks/suite/benches.sh
. "$suite/benches.sh"
suite_build "$bin" "$dir" "$out" || exit 1
c=$bin/cubin
# shellcheck disable=SC2054 # one option, commas and all
nv=(-arch=sm_90 -O3 -fmad=false -cubin -diag-suppress 177,550,20199)
for f in "$dir"/gap/*.cu; do
  n=$(basename "$f" .cu)
  nvcc "${nv[@]}" -o "$c/${n%%.*}.gap.${n#*.}.cubin" "$f" &
done
wait
run() { # BENCH WORK IDEAL_CUBIN VARIANT=CUBIN...
  local b=$1 w=$2 ideal=$3
  shift 3
  local v=()
  for a in "$@"; do v+=(--variant "$a"); done
  "$bin/suite_cuda" --bench "$b" --work "$w" --original "$c/$b.cubin" "${v[@]}" --ideal "$ideal" \
    --no-cpu-tdr --reps 30 --csv "$out/gap.csv" | grep -vE '^(paths|variant) '
}
best() { # the best rewrite of BENCH at long paths: ballot, or its twin
  for v in ballot warp-hot; do [ -f "$c/$1.$v.cubin" ] && { echo "$c/$1.$v.cubin"; return; }; done
}
status=0
for b in micro2 micro4 micro8; do
  for w in 1 4; do
    echo "== $b pathlen $w: round switched off (ideal: original on sorted input)"
    run "$b" "$w" "$c/$b.ideal.cubin" auto="$c/$b.auto.cubin" same="$c/$b.cubin" sw="$c/$b.gap.sw.cubin" \
      smem="$c/$b.gap.smem.cubin" nofb="$c/$b.gap.nofb.cubin" || status=1
  done
  bb=$(best "$b")
  for w in 64 1024; do
    echo "== $b pathlen $w: against the ideal (original on sorted input)"
    run "$b" "$w" "$c/$b.ideal.cubin" best="$bb" auto="$c/$b.auto.cubin" || status=1
    for v in best:"$bb" sync:"$c/$b.gap.sync.cubin" smsync:"$c/$b.gap.smsync.cubin" \
             nohand:"$c/$b.gap.nohand.cubin" ballot1:"$c/$b.gap.ballot1.cubin"; do
      [ -f "${v#*:}" ] || continue
      echo "== $b pathlen $w: ideal = ${v%%:*} on sorted input"
      run "$b" "$w" "${v#*:}" | grep -E '^(original|ideal) ' || status=1
    done
  done
done
echo "== SASS: FMA-pipe integer forms per kernel"
for f in "$c"/micro[248].cubin "$c"/micro[248].auto.cubin "$c"/micro[248].ballot.cubin "$c"/micro[248].warp-hot.cubin \
         "$c"/micro[248].gap.*.cubin; do
  [ -f "$f" ] || continue
  s=$(cuobjdump -sass "$f")
  printf "%-28s VIADD %3d  IMAD.MOV %3d  IADD3 %3d  MOV %3d\n" "$(basename "$f" .cubin)" \
    "$(grep -c ' VIADD ' <<<"$s")" "$(grep -c 'IMAD.MOV' <<<"$s")" "$(grep -c ' IADD3 ' <<<"$s")" "$(grep -cE ' MOV ' <<<"$s")"
done
echo "== SASS: the same forms in the paths' loops only (the unchanged user code)"
for f in "$c"/micro[248].cubin "$c"/micro[248].ballot.cubin "$c"/micro[248].warp-hot.cubin \
         "$c"/micro[248].gap.*.cubin; do
  [ -f "$f" ] && cuobjdump -sass "$f" | python3 "$here/sass_loops.py" "$(basename "$f" .cubin)"
done
exit $status
