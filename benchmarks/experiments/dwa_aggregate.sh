#!/usr/bin/env bash
# benchmarks/experiments/dwa_aggregate.sh DIR [LENS...]: on the GPU machine,
# the dwa transform's CUDA pool with each thread taking its next item with
# an atomicAdd of its own (the default) against the warp-aggregated take
# (-DTDR_POOL_AGGREGATE=1: one atomicAdd per warp), both the rewrite alone
# (benchmarks/choice's "force" variant, prepared into DIR by
# benchmarks/choice/prepare.sh) at the default knobs.  One line per kernel
# and length: ms of the original, per-thread, aggregated and the ideal
# (input sorted by trip count per block); the ratios original/variant;
# outputs equal to the original's.
set -uo pipefail
dir=$(cd "${1:?usage: dwa_aggregate.sh DIR [LENS...]}" && pwd); shift
lens=${*:-1 4 16 64 256}
cd "$dir" || exit 2
for b in skew16 rows8 escape8; do
  nvcc -O3 -arch=sm_90 -I. -o "agg_$b.orig" choice_main.cu "kernels/$b.orig.cu" &
  nvcc -O3 -arch=sm_90 -I. -o "agg_$b.lane" choice_main.cu "kernels/$b.force.cu" &
  nvcc -O3 -arch=sm_90 -I. -DTDR_POOL_AGGREGATE=1 -o "agg_$b.warp" choice_main.cu "kernels/$b.force.cu" &
done
wait
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "kernel len orig_ms lane_ms warp_ms ideal_ms lane warp ideal same(lane,warp)"
for b in skew16 rows8 escape8; do
  for len in $lens; do
    read -r t0 s0 < <(./"agg_$b.orig" "$len")
    read -r ti _ < <(./"agg_$b.orig" "$len" sorted)
    read -r tl sl < <(./"agg_$b.lane" "$len")
    read -r tw sw < <(./"agg_$b.warp" "$len")
    echo "$b $len $t0 $tl $tw $ti $(python3 -c "print('%.3f %.3f %.3f' % ($t0/$tl, $t0/$tw, $t0/$ti))") $([ "$sl" = "$s0" ] && echo yes || echo NO),$([ "$sw" = "$s0" ] && echo yes || echo NO)"
  done
done
