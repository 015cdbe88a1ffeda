#!/usr/bin/env bash
# The launcher tdrc writes for split kernels, without a GPU: rewrites
# split_check.cu with the split transform (tdrc's own CUDA prelude, as on a
# machine with no toolkit), checks that its launches call the launchers, and
# compiles the rewrite with nvcc.  Nothing runs (run_split_check.sh runs it
# on the GPU).  Exit 0: compiled; 1: a failure; 77: no nvcc (skipped).
#
# usage: check_split_launcher.sh TDRC OUTDIR
#   NVCC (environment): the nvcc to use (default: nvcc on PATH, then
#   /usr/local/cuda/bin/nvcc).
set -uo pipefail
tdrc=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
fail() { echo "FAIL $*"; exit 1; }
[ -x "$nvcc" ] || { echo "check_split_launcher: no nvcc (set NVCC); skipped"; exit 77; }
mkdir -p "$out"
"$tdrc" --cuda-prelude --force '--transforms=-*,split' "$here/split_check.cu" \
  -o "$out/split_check.tdr.cu" --explain > "$out/explain.txt" ||
  fail "tdrc --transforms=-*,split"
grep -q "kernel 'tally': .*; 7 launch(es) choose through 'tally_tdr_launch'$" "$out/explain.txt" ||
  fail "tally's launches do not all call its launcher: $(grep "kernel 'tally'" "$out/explain.txt")"
grep -q "kernel 'glow': .*; 1 launch(es) choose through 'glow_tdr_launch'" "$out/explain.txt" ||
  fail "glow's launch does not call its launcher"
"$nvcc" -arch=sm_90 -std=c++17 -I"$here" -diag-suppress 177 \
  "$out/split_check.tdr.cu" -o "$out/split_check" || fail "nvcc: the rewrite"
echo "ok: split_check.tdr.cu compiled, its launches through the launchers"
