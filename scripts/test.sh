#!/usr/bin/env bash
# Quick start, step 2: build (if needed) and run every test with ctest --
# lit/FileCheck, GoogleTest units, PoCL differential execution and Oclgrind.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TDRC_BUILD_DIR:-$root/build}
[ -f "$build/CMakeCache.txt" ] || cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build"
# PoCL compiles each kernel once per source; keep its cache inside the build.
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$build/pocl-cache}
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@"
