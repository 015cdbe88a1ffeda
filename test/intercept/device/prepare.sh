#!/usr/bin/env bash
# The interceptor on NVIDIA's OpenCL (the GPU machine, which has no LLVM 22
# for tdrc): the rewrites are made here, into a cache the GPU machine then
# finds warm.  A cache key holds the tdrc executable's path, size and time,
# the working directory and the source, so both machines run the application
# from the same directory with a tdrc stub of the same path, text and time.
#   test/intercept/device/prepare.sh BUILD OUT   (OUT: an ignored path, e.g. build-gpu-intercept)
# then, on the GPU machine:  bash OUT/run_gpu.sh OUT RESULTS
set -euo pipefail
build=$(cd "$1" && pwd) out=$2
src=$(cd "$(dirname "$0")/.." && pwd)
stage=/tmp/tdrc-intercept-gpu
rm -rf "$stage" "$out" && mkdir -p "$stage/kernels" "$out"
out=$(cd "$out" && pwd)
cp "$src"/kernels/* "$stage/kernels/"
printf '#!/bin/sh\nexec %s "$@"\n' "$build/tools/tdrc" > "$stage/tdrc"
chmod +x "$stage/tdrc"
touch -d '2026-01-01 00:00:00' "$stage/tdrc"
cd "$stage"
for mode in rewritten measure; do
  TDRC="$stage/tdrc" "$build/tools/tdrc-run" --log --cache "$stage/cache" --choose "$mode" -- \
    "$build/test/intercept/intercept_app" kernels/shade.cl kernels "$stage/warm.bin" 2 2>&1 | grep program
done
cp -r "$stage"/kernels "$stage"/cache "$out/"
cp "$stage/tdrc" "$out/tdrc-stub"
cp "$build/runtime/intercept/libtdrc_intercept.so" "$build/test/intercept/intercept_app" \
   "$build/tools/tdrc-run" "$src/device/run_gpu.sh" "$out/"
echo "prepared $out; on the GPU machine: bash $out/run_gpu.sh $out RESULTS"
