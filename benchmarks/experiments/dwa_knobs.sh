#!/usr/bin/env bash
# benchmarks/experiments/dwa_knobs.sh DIR [LENS...]: on the GPU machine,
# the dwa transform's rewrite alone (benchmarks/choice's "force" variant of
# the loop kernels skew16 and rows8, prepared by benchmarks/choice/prepare.sh
# into DIR) built with each setting of its knobs, TDR_POOL_GROUPS (the
# groups one pool serves) and TDR_POOL_STEPS (the loop's steps between looks
# at the pool), and timed against the original and the ideal (input sorted
# by trip count per block) at each length.  One line per kernel, length
# and setting: ms, ratio original/variant, output equal to the original's.
set -uo pipefail
dir=$(cd "${1:?usage: dwa_knobs.sh DIR [LENS...]}" && pwd); shift
lens=${*:-4 16 64 256}
cd "$dir" || exit 2
settings="4:1 4:16 16:1 16:16 16:64 64:16"
for b in skew16 rows8 escape8; do
  nvcc -O3 -arch=sm_90 -I. -o "knob_$b.orig" choice_main.cu "kernels/$b.orig.cu" &
  for s in $settings; do
    nvcc -O3 -arch=sm_90 -I. -DTDR_POOL_GROUPS="${s%:*}" -DTDR_POOL_STEPS="${s#*:}" \
      -o "knob_$b.$s" choice_main.cu "kernels/$b.force.cu" &
  done
done
wait
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "kernel len setting(groups:steps) ms ratio same"
for b in skew16 rows8 escape8; do
  for len in $lens; do
    read -r t0 s0 < <(./"knob_$b.orig" "$len")
    read -r ti _ < <(./"knob_$b.orig" "$len" sorted)
    echo "$b $len ideal $ti $(python3 -c "print('%.3f' % ($t0 / $ti))") -"
    for s in $settings; do
      read -r t s1 < <(./"knob_$b.$s" "$len")
      echo "$b $len $s $t $(python3 -c "print('%.3f' % ($t0 / $t))") $([ "$s1" = "$s0" ] && echo yes || echo NO)"
    done
  done
done
