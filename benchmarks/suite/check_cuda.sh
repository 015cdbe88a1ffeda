#!/usr/bin/env bash
# Compile-checks the suite's CUDA versions with nvcc (no GPU needed): every
# original (plain and as the ideal, -DTDR_WORKLIST) and every OpenCL rewrite
# translated by cl2cu.py, from a folder prepare.sh (or check_pocl.sh) wrote.
# usage: check_cuda.sh NVCC DIR
set -uo pipefail
nvcc=$1 dir=$2
# shellcheck disable=SC2054 # one nvcc argument: the list of warnings
flags=(-arch=sm_90 -O3 -fmad=false -cubin -diag-suppress 177,550,20199)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
n=0 bad=0
for f in "$dir"/cu/*.cu "$dir"/cl2cu/*.cu; do
  [ -f "$f" ] || continue
  base=$(basename "$f" .cu)
  for def in "" -DTDR_WORKLIST; do
    case $f in */cl2cu/*) [ -z "$def" ] || continue ;; esac
    n=$((n + 1))
    if ! "$nvcc" "${flags[@]}" $def -o "$out/$base$def.cubin" "$f"; then
      echo "check_cuda: $f $def does not compile"
      bad=$((bad + 1))
    fi
  done
done
[ $n -gt 0 ] || { echo "check_cuda: nothing to compile in $dir"; exit 1; }
echo "check_cuda: $((n - bad)) of $n CUDA builds compile"
[ $bad = 0 ]
