#!/bin/sh
# install_test.sh CMAKE BUILD_DIR SOURCE_DIR WORK_DIR [GENERATOR...]
#
# ctest -L install.  Installs the built project, moves the prefix (the package
# must be relocatable), then, per generator (default: Ninja and Unix
# Makefiles), configures test/install/app against it from a separate build
# directory, builds it, runs it (rewritten and TDR_DISABLE=1, COPY and EMBED),
# and checks from the verbose build output which tdrc rewrites re-run:
# none on an unchanged rebuild, only divergent.cl's after its header is
# touched, only scale.cl's after scale.cl is touched, only app_embed's (with
# --cost-profile) after its COST_PROFILE is touched.
set -eu
cmake=$1 build=$2 src=$3 work=$4
shift 4
[ $# -gt 0 ] || set -- Ninja "Unix Makefiles"

fail() { echo "install_test: FAIL: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
"$cmake" --install "$build" --prefix "$work/stage" >"$work/install.log"
mv "$work/stage" "$work/prefix"
prefix=$work/prefix

for f in bin/tdrc bin/tdrc-usage bin/tdrc-calibrate include/tdr/cl_host.h include/tdrc/runtime/Runtime.h \
         share/man/man1/tdrc.1; do
  [ -f "$prefix/$f" ] || fail "$f was not installed"
done
config=$(find "$prefix" -name tdrcConfig.cmake)
[ -n "$config" ] || fail "no tdrcConfig.cmake installed"
for f in tdrcConfigVersion.cmake tdrcTargets.cmake tdrcRuntimeTargets.cmake \
         tdrcAddKernels.cmake tdrcEmbed.cmake; do
  [ -f "$(dirname "$config")/$f" ] || fail "$f is not next to tdrcConfig.cmake"
done
# Relocatable: no installed file, binaries included, names the build or the
# source tree (or the staging prefix).
if grep -rlF -e "$build" -e "$src" -e "$work/stage" "$prefix" >"$work/leaks"; then
  fail "build paths in installed files: $(tr '\n' ' ' <"$work/leaks")"
fi

# The application's sources are copied: the test touches them.
cp -R "$src/test/install/app" "$work/app"

# Lines of a verbose build that ran the installed tdrc.
tdrc_runs() { grep -F "$prefix/bin/tdrc " "$1" || true; }

# build DIR LOG: a verbose build of DIR, its output in LOG.
build() { "$cmake" --build "$1" --verbose -j 2 >"$2" 2>&1 || { cat "$2"; fail "build of $1 failed"; }; }

# expect_reruns LOG KERNEL: exactly two tdrc runs (app_copy's and
# app_embed's), both for KERNEL.
expect_reruns() {
  runs=$(tdrc_runs "$1")
  n=$(printf '%s\n' "$runs" | grep -c . || true)
  [ "$n" -eq 2 ] || fail "$2: expected 2 tdrc runs, saw $n in $1:
$runs"
  printf '%s\n' "$runs" | grep -qvF "/$2 " &&
    fail "a tdrc run for another kernel than $2 in $1:
$runs"
  return 0
}

# expect_nothing LOG: an up-to-date build ran no command.
expect_nothing() {
  [ -z "$(tdrc_runs "$1")" ] || fail "tdrc re-ran on an unchanged build ($1)"
  if grep -qE "Building|Linking|Rewriting|Embedding|Copying|Generating" "$1"; then
    fail "an unchanged build ran commands ($1):
$(cat "$1")"
  fi
}

run_app() {
  out=$("$@") || fail "'$*' failed: $out"
  echo "$out"
  case $out in *MISMATCH*) fail "$out" ;; esac
}

for gen in "$@"; do
  tag=$(echo "$gen" | tr -cd 'A-Za-z')
  dir=$work/build-$tag
  "$cmake" -S "$work/app" -B "$dir" -G "$gen" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure-$tag.log" 2>&1 ||
    { cat "$work/configure-$tag.log"; fail "$gen: configure failed"; }
  build "$dir" "$work/$tag-1-first.log"
  n=$(tdrc_runs "$work/$tag-1-first.log" | grep -c . || true)
  [ "$n" -eq 4 ] || fail "$gen: the first build ran tdrc $n times, not 4"

  for f in divergent.tdr.cl divergent.cl scale.tdr.cl scale.cl; do
    [ -f "$dir/$f" ] || fail "$gen: COPY did not put $f next to app_copy"
  done
  [ -f "$dir/embedded/divergent.tdr.h" ] || fail "$gen: no embedded/divergent.tdr.h"
  grep -q "app_common.h" "$dir/tdrc/app_copy/divergent.tdr.cl.d" ||
    fail "$gen: the depfile does not list the header"

  run_app "$dir/app_copy"
  run_app env TDR_DISABLE=1 "$dir/app_copy"
  run_app "$dir/app_embed"
  run_app env TDR_DISABLE=1 "$dir/app_embed"
  run_app "$dir/app_capi" "$work/app/kernels/divergent.cl" "$work/app/include"

  build "$dir" "$work/$tag-2-unchanged.log"
  expect_nothing "$work/$tag-2-unchanged.log"

  sleep 1 # a new mtime whatever the file system's resolution
  touch "$work/app/include/app_common.h"
  build "$dir" "$work/$tag-3-header.log"
  expect_reruns "$work/$tag-3-header.log" divergent.cl

  sleep 1
  touch "$work/app/kernels/scale.cl"
  build "$dir" "$work/$tag-4-scale.log"
  expect_reruns "$work/$tag-4-scale.log" scale.cl

  sleep 1
  touch "$work/app/cost-profile.json"
  build "$dir" "$work/$tag-5-profile.log"
  runs=$(tdrc_runs "$work/$tag-5-profile.log")
  if [ "$(printf '%s\n' "$runs" | grep -c -- '--cost-profile')" -ne 2 ] ||
     [ "$(printf '%s\n' "$runs" | grep -c .)" -ne 2 ]; then
    fail "$gen: touching the cost profile should re-run app_embed's 2 rewrites:
$runs"
  fi

  build "$dir" "$work/$tag-6-unchanged.log"
  expect_nothing "$work/$tag-6-unchanged.log"
  echo "install_test: $gen: ok"
done
