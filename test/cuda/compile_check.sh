#!/usr/bin/env bash
# Rewrites every CUDA test kernel with tdrc (default, forced DGI, and the
# warp-level rounds: warp-aggregated Head-or-Tail and the ballot partition)
# and compiles each result for sm_90 with nvcc (to PTX) and with Clang in
# CUDA device mode (-Wall).  A warning that names tdrc's own identifiers
# (tdr_*) fails too: tdrc's code must compile cleanly.  Exit 0: all
# compiled; 1: a failure (listed); 77: no nvcc (ctest reports the test as
# skipped).
#
# usage: compile_check.sh TDRC KERNELS_DIR OUTDIR [CLANGXX]
#   NVCC (environment): the nvcc to use (default: nvcc on PATH, then
#   /usr/local/cuda/bin/nvcc).  Without CLANGXX the Clang half is skipped.
set -uo pipefail
tdrc=$1 kernels=$2 out=$3 clangxx=${4:-}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [ ! -x "$nvcc" ]; then
  echo "compile_check: nvcc not found (set NVCC); skipped"
  exit 77
fi
mkdir -p "$out"
fail=0 count=0 distinct=0 kernels_seen=0
note() { echo "FAIL $*"; fail=$((fail + 1)); }
# A warning about tdrc's identifiers in compiler log $1.
tdr_warning() { grep -E "warning.*[\"'\`]tdr_" "$1"; }
for k in "$kernels"/*.cu; do
  name=$(basename "$k" .cu)
  kernels_seen=$((kernels_seen + 1))
  declare -A compiled=()
  # A kernel may ask for tdrc options of its own: `// TDRC-FLAGS: ...`.
  read -r -a flags <<<"$(sed -n 's|^// TDRC-FLAGS: ||p' "$k")"
  # The rewrites under test keep every round the analysis allows, unless the
  # kernel tests the profitability model (`// TDRC-MODEL`).
  grep -q '^// TDRC-MODEL' "$k" || flags+=(--force)
  for mode in default dgi warp-hot ballot; do
    extra=()
    case $mode in
      dgi) extra=(--algorithm dgi --neighbors 32) ;;
      warp-hot | ballot) extra=(--algorithm "$mode") ;;
    esac
    res="$out/$name.$mode.cu"
    count=$((count + 1))
    if ! "$tdrc" ${flags[@]+"${flags[@]}"} ${extra[@]+"${extra[@]}"} "$k" -o "$res" \
         >"$out/$name.$mode.tdrc.log" 2>&1; then
      note "$name ($mode): tdrc failed:"; cat "$out/$name.$mode.tdrc.log"; continue
    fi
    # A rewrite byte-identical to an earlier mode's was compiled already
    # (warp-hot is ballot for more than two paths; declines are the input).
    sum=$(cksum <"$res")
    if [ -n "${compiled[$sum]:-}" ]; then
      echo "same as ${compiled[$sum]}" >"$out/$name.$mode.nvcc.log"; continue
    fi
    compiled[$sum]=$mode
    distinct=$((distinct + 1))
    if ! "$nvcc" -arch=sm_90 -ptx "$res" -o "$out/$name.$mode.ptx" \
         >"$out/$name.$mode.nvcc.log" 2>&1; then
      note "$name ($mode): nvcc -arch=sm_90 -ptx failed:"; cat "$out/$name.$mode.nvcc.log"
    elif tdr_warning "$out/$name.$mode.nvcc.log"; then
      note "$name ($mode): nvcc warns about tdrc's code (above)"
    fi
    if [ -n "$clangxx" ] && ! "$clangxx" -x cuda --cuda-device-only \
         --cuda-gpu-arch=sm_90 -Wall -Wno-unknown-cuda-version -S "$res" \
         -o "$out/$name.$mode.s" >"$out/$name.$mode.clang.log" 2>&1; then
      note "$name ($mode): $clangxx --cuda-device-only failed:"; cat "$out/$name.$mode.clang.log"
    elif [ -n "$clangxx" ] && tdr_warning "$out/$name.$mode.clang.log"; then
      note "$name ($mode): clang warns about tdrc's code (above)"
    fi
  done
done
echo "compile_check: $count rewrites of $kernels_seen kernels ($distinct distinct, compiled), $fail failure(s)" \
     "(nvcc: $nvcc; clang: ${clangxx:-skipped})"
[ "$fail" -eq 0 ]
