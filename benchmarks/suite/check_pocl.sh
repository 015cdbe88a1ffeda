#!/usr/bin/env bash
# Correctness of the whole suite on the local OpenCL device (PoCL in CI):
# rewrites every benchmark with TDRC (prepare.sh) and runs each one at its
# small size in every OpenCL variant (original, tdrc's rewrites, ideal,
# on-CPU TDR); suite_cl fails on any output that differs from the
# original's.  The keep variant (tdrc's default, the choice) runs once as
# the choice decides and once with each of its kernels forced (TDR_CHOOSE),
# so that both are compared whatever the choice picks on this CPU.  Timings
# printed here are CPU timings, not GPU behaviour.
# usage: check_pocl.sh TDRC SUITE_CL WORKDIR [BENCH...]
set -uo pipefail
tdrc=$1 suite=$2 work=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/benches.sh"
benches=${*:-$SUITE_BENCHES}
"$here/prepare.sh" "$tdrc" "$work" $benches >"$work.prepare.log" 2>&1 || {
  cat "$work.prepare.log"
  echo "check_pocl: prepare.sh failed"
  exit 1
}
failed=""
for b in $benches; do
  # shellcheck disable=SC2046
  if ! "$suite" --bench "$b" --small --reps 1 --warmup 0 --original "$work/cl/$b.cl" \
    $(suite_variants "$work" "$b" cl); then
    failed="$failed $b"
  fi
  keep=$(suite_variants "$work" "$b" cl | grep '^--variant keep=' || true)
  for choose in rewritten original; do
    [ -n "$keep" ] || continue
    # shellcheck disable=SC2086 # one --variant argument
    if ! TDR_CHOOSE=$choose "$suite" --bench "$b" --small --reps 1 --warmup 0 --no-ideal --no-cpu-tdr \
      --original "$work/cl/$b.cl" $keep >"$work/$b.keep.$choose.log" 2>&1; then
      cat "$work/$b.keep.$choose.log"
      failed="$failed $b(keep,$choose)"
    fi
  done
done
# The check itself can fail: a rewrite with one constant changed must be caught.
if [ -f "$work/cl/pb.auto.cl" ]; then
  sed 's/0\.5f \* (1\.0f + t)/0.5001f * (1.0f + t)/' "$work/cl/pb.auto.cl" >"$work/planted.cl"
  if cmp -s "$work/planted.cl" "$work/cl/pb.auto.cl" ||
    "$suite" --bench pb --small --reps 1 --warmup 0 --no-ideal --original "$work/cl/pb.cl" \
      --variant planted="$work/planted.cl" >"$work/planted.log" 2>&1; then
    echo "check_pocl: a planted mismatch went unnoticed (or was not planted)"
    failed="$failed planted"
  fi
fi
# ... and so can the keep variant's, through runtime/cl's choice.
if [ -f "$work/cl/pb.keep.cl" ]; then
  sed 's/0\.5f \* (1\.0f + t)/0.5001f * (1.0f + t)/' "$work/cl/pb.keep.cl" >"$work/planted.keep.cl"
  if cmp -s "$work/planted.keep.cl" "$work/cl/pb.keep.cl" ||
    TDR_CHOOSE=rewritten "$suite" --bench pb --small --reps 1 --warmup 0 --no-ideal --original "$work/cl/pb.cl" \
      --variant keep="$work/planted.keep.cl" >"$work/planted.keep.log" 2>&1; then
    echo "check_pocl: a planted mismatch in keep went unnoticed (or was not planted)"
    failed="$failed planted-keep"
  fi
fi
n=$(grep -c -v '^#' "$work/variants.txt")
if [ -n "$failed" ]; then
  echo "check_pocl: FAILED:$failed"
  exit 1
fi
echo "check_pocl: $(echo $benches | wc -w) benchmarks, $n rewrites: every variant's output identical to the original's"
