#!/bin/sh
# cuda_test.sh CMAKE BUILD_DIR SOURCE_DIR WORK_DIR NVCC [GENERATOR...]
#
# ctest -L install (install.cuda).  Installs the built project into a
# temporary prefix, then, per generator (default: Ninja and Unix Makefiles),
# configures test/install/cuda_app against it with NVCC as the CUDA compiler,
# builds it and checks that
#   - tdrc rewrote both .cu kernels (a `tdrc: round` in each k.tdr.cu), with
#     the toolkit's headers and for sm_90 (GPU sm_90);
#   - nvcc compiled each k.tdr.cu into the executable, for sm_90;
#   - the depfiles list the headers, and a rebuild re-runs only the rewrites
#     it must: none on an unchanged build, only divergent.cu's after
#     include/app_cuda.h is touched, only scale.cu's after kernels/scale.h
#     (next to it) or scale.cu is touched.
# The executable runs only where nvidia-smi lists a GPU.
# Exit status 77 (skipped): no NVCC, or CMake cannot enable CUDA with it.
set -eu
cmake=$1 build=$2 src=$3 work=$4 nvcc=$5
shift 5
[ $# -gt 0 ] || set -- Ninja "Unix Makefiles"

fail() { echo "cuda_test: FAIL: $*" >&2; exit 1; }
skip() { echo "cuda_test: SKIP: $*"; exit 77; }

[ -n "$nvcc" ] && [ -x "$nvcc" ] || skip "no nvcc ('$nvcc')"

rm -rf "$work"
mkdir -p "$work/probe"

# Can CMake use this nvcc (with the host compiler it would pick)?
cat >"$work/probe/CMakeLists.txt" <<'PROBE'
cmake_minimum_required(VERSION 3.20)
project(tdrc_cuda_probe LANGUAGES CUDA)
PROBE
if ! "$cmake" -S "$work/probe" -B "$work/probe/build" \
     -DCMAKE_CUDA_COMPILER="$nvcc" >"$work/probe.log" 2>&1; then
  tail -n 20 "$work/probe.log"
  skip "CMake cannot enable CUDA with $nvcc (log: $work/probe.log)"
fi

"$cmake" --install "$build" --prefix "$work/prefix" >"$work/install.log"
prefix=$work/prefix
[ -x "$prefix/bin/tdrc" ] || fail "bin/tdrc was not installed"

# The application's sources are copied: the test touches them.
cp -R "$src/test/install/cuda_app" "$work/app"

# Lines of a verbose build that ran the installed tdrc.
tdrc_runs() { grep -F "$prefix/bin/tdrc " "$1" || true; }

# build DIR LOG: a verbose build of DIR, its output in LOG.
build() { "$cmake" --build "$1" --verbose -j 2 >"$2" 2>&1 || { cat "$2"; fail "build of $1 failed"; }; }

# expect_reruns LOG KERNEL: exactly one tdrc run, for KERNEL.
expect_reruns() {
  runs=$(tdrc_runs "$1")
  n=$(printf '%s\n' "$runs" | grep -c . || true)
  [ "$n" -eq 1 ] || fail "$2: expected 1 tdrc run, saw $n in $1:
$runs"
  printf '%s\n' "$runs" | grep -qF "/$2 " ||
    fail "the tdrc run in $1 is not for $2:
$runs"
  return 0
}

# expect_nothing LOG: an up-to-date build ran no command.
expect_nothing() {
  [ -z "$(tdrc_runs "$1")" ] || fail "tdrc re-ran on an unchanged build ($1)"
  if grep -qE "Building|Linking|Rewriting|Generating" "$1"; then
    fail "an unchanged build ran commands ($1):
$(cat "$1")"
  fi
}

for gen in "$@"; do
  tag=$(echo "$gen" | tr -cd 'A-Za-z')
  dir=$work/build-$tag
  "$cmake" -S "$work/app" -B "$dir" -G "$gen" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_PREFIX_PATH="$prefix" \
    >"$work/configure-$tag.log" 2>&1 ||
    { cat "$work/configure-$tag.log"; fail "$gen: configure failed"; }
  log=$work/$tag-1-first.log
  build "$dir" "$log"
  runs=$(tdrc_runs "$log")
  n=$(printf '%s\n' "$runs" | grep -c . || true)
  [ "$n" -eq 2 ] || fail "$gen: the first build ran tdrc $n times, not 2"
  printf '%s\n' "$runs" | grep -qF -- "--cuda-gpu-arch=sm_90" ||
    fail "$gen: tdrc did not parse for sm_90: $runs"
  printf '%s\n' "$runs" | grep -qF -- "--cuda-path " ||
    fail "$gen: tdrc was not given the compiler's toolkit: $runs"

  for k in divergent scale; do
    out=$dir/tdrc/cuda_app/$k.tdr.cu
    [ -f "$out" ] || fail "$gen: no $out"
    grep -q "tdrc: round" "$out" || fail "$gen: $k.tdr.cu holds no tdrc round"
    # nvcc compiled the rewritten file, for sm_90, into an object.
    grep -F "$nvcc" "$log" | grep -F "$k.tdr.cu" | grep -q "sm_90" ||
      fail "$gen: no nvcc command compiled $k.tdr.cu for sm_90"
    [ -n "$(find "$dir" -name "$k.tdr.cu.o")" ] || fail "$gen: no $k.tdr.cu.o"
  done
  grep -q "app_cuda.h" "$dir/tdrc/cuda_app/divergent.tdr.cu.d" ||
    fail "$gen: divergent.tdr.cu.d does not list include/app_cuda.h"
  grep -q "scale.h" "$dir/tdrc/cuda_app/scale.tdr.cu.d" ||
    fail "$gen: scale.tdr.cu.d does not list kernels/scale.h"
  [ -x "$dir/cuda_app" ] || fail "$gen: no executable cuda_app"

  if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
    out=$("$dir/cuda_app") || fail "$gen: cuda_app failed: $out"
    echo "$out"
    case $out in *MISMATCH*) fail "$gen: $out" ;; esac
  else
    echo "cuda_test: $gen: cuda_app built; not run (no GPU)"
  fi

  build "$dir" "$work/$tag-2-unchanged.log"
  expect_nothing "$work/$tag-2-unchanged.log"

  sleep 1 # a new mtime whatever the file system's resolution
  touch "$work/app/include/app_cuda.h"
  build "$dir" "$work/$tag-3-header.log"
  expect_reruns "$work/$tag-3-header.log" divergent.cu

  sleep 1
  touch "$work/app/kernels/scale.h"
  build "$dir" "$work/$tag-4-scale-header.log"
  expect_reruns "$work/$tag-4-scale-header.log" scale.cu

  sleep 1
  touch "$work/app/kernels/scale.cu"
  build "$dir" "$work/$tag-5-scale.log"
  expect_reruns "$work/$tag-5-scale.log" scale.cu

  build "$dir" "$work/$tag-6-unchanged.log"
  expect_nothing "$work/$tag-6-unchanged.log"
  echo "cuda_test: $gen: ok"
done
