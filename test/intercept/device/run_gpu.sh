#!/usr/bin/env bash
# On the GPU machine: intercept_app alone and under tdrc-run (LD_PRELOAD and
# the loader layer; the rewrite forced, and the default choice) on NVIDIA's
# OpenCL, outputs compared byte for byte.  See prepare.sh.
#   bash run_gpu.sh PREPARED RESULTS
set -uo pipefail
prep=$(cd "$1" && pwd) res=$2
mkdir -p "$res"
stage=/tmp/tdrc-intercept-gpu
rm -rf "$stage" && mkdir -p "$stage"
cp -r "$prep"/kernels "$prep"/cache "$stage/"
# The stub: the same path, text and time as where the cache was made.
cp "$prep/tdrc-stub" "$stage/tdrc"
chmod +x "$stage/tdrc"
touch -d '2026-01-01 00:00:00' "$stage/tdrc"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
# Debian's ocl-icd loader, which has layers (OPENCL_LAYERS); the application
# would otherwise load the CUDA toolkit's libOpenCL, which has none (with it,
# LD_PRELOAD works and --layer is silently not loaded).
export LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OCL_ICD_VENDORS=/tmp/icd TDRC="$stage/tdrc"
cd "$stage" || exit 1
app="$prep/intercept_app"
launches=20
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$res/device.txt"
"$app" kernels/shade.cl kernels "$res/alone.bin" $launches > "$res/alone.txt" 2>&1
status=0
for run in "preload-rewritten --choose rewritten" "preload-measure" \
           "layer-rewritten --layer --choose rewritten" "layer-measure --layer"; do
  read -r name opts <<< "$run"
  # shellcheck disable=SC2086 # opts are words
  TDRC_INTERCEPT_LIB="$prep/libtdrc_intercept.so" bash "$prep/tdrc-run" --log --cache "$stage/cache" $opts -- \
    "$app" kernels/shade.cl kernels "$res/$name.bin" $launches > "$res/$name.txt" 2>&1
  if cmp -s "$res/alone.bin" "$res/$name.bin"; then same=identical; else same=DIFFERENT; status=1; fi
  echo "$name: $same; $(grep -c 'cached' "$res/$name.txt") cached program(s); $(grep 'tdrc: shade' "$res/$name.txt" | head -1)" | tee -a "$res/summary.txt"
done
# Build time: the application alone and under tdrc-run with the cache warm
# (the first intercepted run above compiled the shadow and cached its binary).
for _ in 1 2 3 4 5; do
  { printf 'alone: '; "$app" kernels/shade.cl kernels "$res/t.bin" 1 2>&1 | grep -o 'took .*'
    printf 'tdrc-run: '
    TDRC_INTERCEPT_LIB="$prep/libtdrc_intercept.so" bash "$prep/tdrc-run" --log --cache "$stage/cache" -- \
      "$app" kernels/shade.cl kernels "$res/t.bin" 1 2>&1 | grep -o -E 'took .*|rewrite [0-9]+ ms, shadow build [0-9]+ ms' | paste -sd' '
  } | tee -a "$res/build-time.txt"
done
exit $status
