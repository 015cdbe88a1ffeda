#!/usr/bin/env bash
# tdrc --launcher-header across translation units, without a GPU: rewrites
# header_kernels.cu with the header, then builds it with header_host.cpp
# (which sees the kernels only through the header) into one program with
# nvcc: once with the host file as host C++, once compiled as CUDA and
# linked separately.  Nothing runs.  Exit 0: both linked; 1: a failure;
# 77: no nvcc (ctest reports the test as skipped).
#
# usage: check_launcher_header.sh TDRC OUTDIR
#   NVCC (environment): the nvcc to use (default: nvcc on PATH, then
#   /usr/local/cuda/bin/nvcc).
set -uo pipefail
tdrc=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
fail() { echo "FAIL $*"; exit 1; }
[ -x "$nvcc" ] || { echo "check_launcher_header: no nvcc (set NVCC); skipped"; exit 77; }
mkdir -p "$out"
"$tdrc" "$here/header_kernels.cu" -o "$out/header_kernels.tdr.cu" \
  --launcher-header="$out/header_kernels.tdr.h" --explain ||
  fail "tdrc --launcher-header"
flags=(-arch=sm_90 -std=c++17 -I"$here" -I"$out")
"$nvcc" "${flags[@]}" "$out/header_kernels.tdr.cu" "$here/header_host.cpp" \
  -o "$out/prog" || fail "nvcc: the rewrite and the host C++ file"
if ! { "$nvcc" "${flags[@]}" -c "$out/header_kernels.tdr.cu" -o "$out/kernels.o" &&
       "$nvcc" "${flags[@]}" -c -x cu "$here/header_host.cpp" -o "$out/host.o" &&
       "$nvcc" -arch=sm_90 "$out/kernels.o" "$out/host.o" -o "$out/prog-cu"; }; then
  fail "nvcc: the host file compiled as CUDA"
fi
echo "ok: header_kernels.tdr.cu + header_host.cpp linked (host C++, and as CUDA)"
