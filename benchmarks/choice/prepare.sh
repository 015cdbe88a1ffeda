#!/usr/bin/env bash
# benchmarks/choice/prepare.sh TDRC OUT: each kernel file as it is and
# rewritten by tdrc in three modes: "default", the rewrite alone with its
# in-kernel switch (--keep-original=false, tdrc's default before
# 2026-11-26), "keep", tdrc's default now (the original kept, the launch-time
# choice), and --force alone (every round); run here, where tdrc's Clang is.
# A third argument, `unseen`, takes the kernels of unseen/ instead: 18
# kernels (10 OpenCL twins) written for the never-slower check in the style
# of public suites, none of them tuned for (docs/benchmarks.md, 2026-12-06).
set -euo pipefail
tdrc=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
set_dir=$here
parse=() # their `#include "../bench.h"` from unseen/kernels: bench.h here
[ "${3:-}" = unseen ] && set_dir=$here/unseen parse=(-- -I"$here/kernels")
mkdir -p "$out"
cp "$here/bench.h" "$here/choice_main.cu" "$here/run_device.sh" "$out/"
mkdir -p "$out/kernels"
for f in "$set_dir"/kernels/*.cu; do
  b=$(basename "$f" .cu)
  cp "$f" "$out/kernels/$b.orig.cu"
  "$tdrc" --keep-original=false "$f" -o "$out/kernels/$b.default.cu" --explain ${parse[@]+"${parse[@]}"} > "$out/kernels/$b.default.explain"
  "$tdrc" --keep-original "$f" -o "$out/kernels/$b.keep.cu" --explain ${parse[@]+"${parse[@]}"} > "$out/kernels/$b.keep.explain"
  "$tdrc" --force --keep-original=false "$f" -o "$out/kernels/$b.force.cu" ${parse[@]+"${parse[@]}"}
done
# OpenCL twins, run through runtime/cl (choice_cl.cpp).
mkdir -p "$out/cl"
for f in "$set_dir"/kernels_cl/*.cl; do
  b=$(basename "$f" .cl)
  cp "$f" "$out/cl/$b.cl"
  "$tdrc" --keep-original=false "$f" -o "$out/cl/$b.default.tdr.cl"
  "$tdrc" --keep-original "$f" -o "$out/cl/$b.keep.tdr.cl"
  "$tdrc" --force --keep-original=false "$f" -o "$out/cl/$b.force.tdr.cl"
done
