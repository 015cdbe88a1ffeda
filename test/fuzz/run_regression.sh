#!/bin/sh
# run_regression.sh TDRC INPUT OUTDIR [CLANG]: runs the tdrc tool on a
# fuzzer input as the fuzz target does -- the last byte, XOR '\n', picks the
# options (see tdrc_fuzz.cpp), the rest is the kernel, OpenCL C or, when it
# starts with "//cu", CUDA -- and fails unless tdrc
# exits 0 or 1 (no signal, no internal or I/O error).  When tdrc rewrote the
# kernel, the output must parse with CLANG (when given) and tdrc must leave
# it unchanged (idempotence), as the fuzz target checks.
set -u
tdrc=$1
in=$2
out=$3
clang=${4:-}
mkdir -p "$out"
name=$(basename "$in" .cl)
size=$(wc -c < "$in")
[ "$size" -gt 0 ] || { echo "empty input"; exit 1; }
last=$(od -An -tu1 -j $((size - 1)) -N1 "$in" | tr -d ' ')
o=$((last ^ 10))
alg=$(echo auto hot dgi auto | cut -d' ' -f$(((o & 3) + 1)))
nb=$(echo 16 32 64 16 | cut -d' ' -f$(((o >> 2 & 3) + 1)))
wg=$(echo 256 64 1024 1 | cut -d' ' -f$(((o >> 4 & 3) + 1)))
mem=32768; [ $((o & 64)) -eq 0 ] || mem=1024
# An input starting with "//cu" is CUDA, parsed with tdrc's prelude; bit 7
# then picks the warp-level rounds (hot -> warp-hot, dgi -> ballot).
ext=cl
if [ "$(head -c 4 "$in")" = "//cu" ]; then
  ext=cu
  [ $((o & 128)) -eq 0 ] || alg=$(echo auto warp-hot ballot auto | cut -d' ' -f$(((o & 3) + 1)))
  set -- --algorithm "$alg" --neighbors "$nb" --max-workgroup-size "$wg" --local-mem-budget "$mem" --cuda-prelude
else
  std=-cl-std=CL1.2; [ $((o & 128)) -eq 0 ] || std=-cl-std=CL2.0
  set -- --algorithm "$alg" --neighbors "$nb" --max-workgroup-size "$wg" --local-mem-budget "$mem" -- "$std"
fi
src=$out/$name.$ext res=$out/$name.tdr.$ext again=$out/$name.tdr2.$ext
head -c $((size - 1)) "$in" > "$src"
echo "tdrc $src -o $res $*"
"$tdrc" "$src" -o "$res" "$@"
rc=$?
echo "exit status $rc"
[ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] || exit 1
[ "$rc" -eq 0 ] && ! cmp -s "$src" "$res" || exit 0
# CUDA: tdrc's second run below parses the output with the same prelude.
if [ -n "$clang" ] && [ $ext = cl ]; then
  "$clang" -fsyntax-only -w -x cl "$std" "$res" || { echo "the output does not parse"; exit 1; }
fi
"$tdrc" "$res" -o "$again" "$@" || { echo "tdrc fails on its own output"; exit 1; }
cmp "$res" "$again" || { echo "tdrc rewrites its own output again"; exit 1; }
