#!/bin/sh
# prepare_device.sh OUTDIR [BUILD_DIR]
#
# Run HERE (LLVM, tdrc's build in BUILD_DIR, default build/, and CLBlast):
# installs tdrc into a temporary prefix, builds examples/cnn against it, and
# puts in OUTDIR what the GPU machine, which has neither tdrc nor CLBlast,
# needs to run it:
#   cnn, the kernels (X.tdr.cl, rewritten for sm_90, and the originals X.cl),
#   lib/libclblast.so.1 (Debian's), build.log (the build, with --explain),
#   fallback/: this machine's libstdc++, libgcc_s and ICD loader, which
#   device_run.sh uses only if the GPU machine lacks a library or version.
# Then THERE: examples/cnn/device_run.sh OUTDIR.  Keep OUTDIR under a build*
# folder (ignored by git) so that it can be carried.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 OUTDIR [BUILD_DIR]" >&2; exit 2; }
out=$1 build=${2:-build}
here=$(cd "$(dirname "$0")" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build" >"$work/build.log" 2>&1 ||
  { cat "$work/build.log"; exit 1; }

rm -rf "$out"
mkdir -p "$out/lib" "$out/fallback"
cp "$work/build/cnn" "$work/build/"*.cl "$work/build.log" "$out/"
cp -L /usr/lib/x86_64-linux-gnu/libclblast.so.1 "$out/lib/"
for lib in libstdc++.so.6 libgcc_s.so.1 libOpenCL.so.1; do
  path=$(ldd "$out/cnn" | awk -v l="$lib" '$1 == l { print $3 }')
  [ -n "$path" ] || { echo "prepare_device: cnn does not load $lib" >&2; exit 1; }
  cp -L "$path" "$out/fallback/"
done
git -C "$here" rev-parse HEAD >"$out/commit" 2>/dev/null || true
du -sh "$out"
