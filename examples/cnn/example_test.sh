#!/bin/sh
# example_test.sh CMAKE BUILD_DIR SOURCE_DIR WORK_DIR
#
# ctest -R install.example: installs the built project into a temporary
# prefix, configures examples/cnn against it from a separate build
# directory, builds it, runs it (small size, the default OpenCL device: PoCL
# on CI), then touches maxpool_backward.cl and checks that the rebuild
# re-runs that rewrite and nothing else.  Exit 77 (skipped) without CLBlast.
set -eu
cmake=$1 build=$2 src=$3 work=$4

fail() { echo "example_test: FAIL: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
"$cmake" --install "$build" --prefix "$work/prefix" >"$work/install.log"
prefix=$work/prefix
cp -R "$src/examples/cnn" "$work/cnn" # the test touches a kernel

gen=Ninja
command -v ninja >/dev/null 2>&1 || gen="Unix Makefiles"
if ! "$cmake" -S "$work/cnn" -B "$work/build" -G "$gen" -DCMAKE_BUILD_TYPE=Release \
     -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" 2>&1; then
  if grep -q "CLBlast not found" "$work/configure.log"; then
    echo "example_test: SKIP: CLBlast is not installed (Debian: libclblast-dev; scripts/setup.sh installs it)"
    exit 77
  fi
  cat "$work/configure.log"
  fail "configure failed"
fi

# build LOG: a verbose build, its output in LOG; prints the tdrc runs.
build() {
  "$cmake" --build "$work/build" --verbose -j 2 >"$1" 2>&1 ||
    { cat "$1"; fail "build failed ($1)"; }
  grep -F "$prefix/bin/tdrc " "$1" >"$1.tdrc" || true
}

build "$work/first.log"
n=$(grep -c . "$work/first.log.tdrc" || true)
[ "$n" -eq 4 ] || fail "the first build ran tdrc $n times, not 4"
for k in im2col bias_relu maxpool_forward maxpool_backward; do
  [ -f "$work/build/$k.tdr.cl" ] && [ -f "$work/build/$k.cl" ] ||
    fail "$k.tdr.cl and $k.cl are not next to cnn"
done

out=$("$work/build/cnn" --runs 3) || { echo "$out"; fail "cnn failed"; }
echo "$out"
echo "$out" | grep -q "^checks: all stages match" || fail "cnn's checks did not pass"
echo "$out" | grep -q "^max-pool backward .*rewritten by tdrc" ||
  fail "tdrc did not rewrite the max-pool backward kernel"

sleep 1 # a new mtime whatever the file system's resolution
touch "$work/cnn/kernels/maxpool_backward.cl"
build "$work/touched.log"
n=$(grep -c . "$work/touched.log.tdrc" || true)
[ "$n" -eq 1 ] && grep -qF "/maxpool_backward.cl " "$work/touched.log.tdrc" ||
  fail "touching maxpool_backward.cl re-ran $n rewrites:
$(cat "$work/touched.log.tdrc")"
# A compile names an object file, the link its output (Ninja and Make).
if grep -qE '\.cpp\.o|-o cnn ' "$work/touched.log"; then
  fail "touching a kernel recompiled or relinked cnn:
$(cat "$work/touched.log")"
fi
echo "example_test: ok"
