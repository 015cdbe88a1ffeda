#!/usr/bin/env bash
# The NVRTC interceptor on a GPU (the GPU machine has no LLVM 22 for tdrc):
# the rewrite is made here, into a cache the GPU machine then finds warm,
# by running nvrtc_app under tdrc-run over the fake libraries with the
# compile options the GPU run uses.  A cache key holds the tdrc executable's
# path, size and time, so both machines use a tdrc stub of the same path,
# text and time.
#   test/intercept/nvrtc/device/prepare.sh BUILD OUT   (OUT: an ignored path, e.g. build-gpu-nvrtc)
# then, on the GPU machine:  bash OUT/run_gpu.sh OUT RESULTS
set -euo pipefail
build=$(cd "$1" && pwd) out=$2
src=$(cd "$(dirname "$0")/.." && pwd)
stage=/tmp/tdrc-nvrtc-gpu
rm -rf "$stage" "$out" && mkdir -p "$stage/kernels" "$out"
out=$(cd "$out" && pwd)
cp "$src"/kernels/* "$stage/kernels/"
printf '#!/bin/sh\nexec %s "$@"\n' "$build/tools/tdrc" > "$stage/tdrc"
chmod +x "$stage/tdrc"
touch -d '2026-01-01 00:00:00' "$stage/tdrc"
cd "$stage"
for k in classify uniform with_header; do
  hdr=; [ $k = with_header ] && hdr=kernels/classify_params.cuh
  NVRTC_APP_HEADER=$hdr NVRTC_APP_N=256 NVRTC_APP_REPS=1 TDRC="$stage/tdrc" \
    LD_LIBRARY_PATH="$build/test/intercept/nvrtc-fake" \
    "$build/tools/tdrc-run" --log --cache "$stage/cache" -- \
    "$build/test/intercept/nvrtc_app" "kernels/$k.cu" /dev/null \
    --gpu-architecture=compute_90 2>&1 | grep 'nvrtc program' || true
done
cp -r "$stage"/kernels "$stage"/cache "$out/"
cp "$stage/tdrc" "$out/tdrc-stub"
mkdir -p "$out/include"
cp "$src/../../../runtime/intercept/nvrtc/CudaApi.h" "$out/include/"
cp "$src/nvrtc_app.c" "$src/device/run_gpu.sh" "$out/"
cp "$build/runtime/intercept/libtdrc_intercept.so" \
   "$build/runtime/intercept/nvrtc/libtdrc_nvrtc.so" "$build/tools/tdrc-run" "$out/"
echo "prepared $out; on the GPU machine: bash $out/run_gpu.sh $out RESULTS"
