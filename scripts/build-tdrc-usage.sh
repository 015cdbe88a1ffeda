#!/usr/bin/env bash
# Builds tools/tdrc-usage with a plain C++ compiler: no CMake, no LLVM, for a
# GPU machine that has only a driver (and perhaps a CUDA toolkit).  With an
# OpenCL header and loader it measures .cl files, else only .ptx files.
#
# usage: scripts/build-tdrc-usage.sh OUTPUT
#   CXX=...             the compiler (default g++, else c++, else clang++)
#   OPENCL_INCLUDE=dir  where CL/cl.h is (default: /usr/include, then CUDA's)
#   OPENCL_LIBDIR=dir   where libOpenCL.so is (default: the linker's, CUDA's)
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 OUTPUT" >&2
  exit 2
fi
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CXX=${CXX:-$(command -v g++ || command -v c++ || command -v clang++ || echo g++)}
CUDA=${CUDA_PATH:-/usr/local/cuda}
SRCS=("$ROOT/tools/tdrc-usage.cpp" "$ROOT/lib/Occupancy/KernelUsage.cpp"
  "$ROOT/lib/Occupancy/PtxasUsage.cpp" "$ROOT/lib/Occupancy/GpuTable.cpp")
FLAGS=(-std=c++17 -O2 -Wall -I "$ROOT/include")

INC=${OPENCL_INCLUDE:-}
if [ -z "$INC" ]; then
  for d in /usr/include "$CUDA/include"; do
    [ -f "$d/CL/cl.h" ] && INC=$d && break
  done
fi
LIBS=()
if [ -n "$INC" ]; then
  for d in ${OPENCL_LIBDIR:-} "$CUDA/lib64" "$CUDA/targets/x86_64-linux/lib"; do
    [ -d "$d" ] && LIBS+=(-L "$d" "-Wl,-rpath,$d")
  done
  SRCS+=("$ROOT/lib/Occupancy/OpenCLUsage.cpp")
  FLAGS+=(-DTDRC_HAVE_OPENCL -I "$INC")
  LIBS+=(-lOpenCL)
else
  echo "build-tdrc-usage: no CL/cl.h found; building for .ptx files only" >&2
fi
set -x
"$CXX" "${FLAGS[@]}" "${SRCS[@]}" "${LIBS[@]}" -o "$1"
