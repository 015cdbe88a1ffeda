#!/usr/bin/env bash
# Rewrites every kernel source of the repository (test kernels, lit inputs,
# CUDA kernels, the fuzzer's and generator's regressions, the benchmarks and
# examples) in every mode tdrc offers and keeps each output and --explain
# report under OUTDIR/<mode>/.  Two snapshots made with two tdrc binaries
# compare with `diff -r`: a refactor must leave them byte-identical.
# usage: snapshot_rewrites.sh TDRC OUTDIR [JOBS]
set -euo pipefail
tdrc=$(realpath "$1") out=$2 jobs=${3:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(realpath "$out")
export tdrc out root
# One rewrite: FILE MODE FLAGS...
one() {
  f=$1 m=$2
  shift 2
  key=${f//\//__}
  read -r -a own <<<"$(sed -n 's|^// TDRC-FLAGS: ||p' "$root/$f" | head -1)"
  mkdir -p "$out/$m"
  set +e
  (cd "$root" && "$tdrc" ${own[@]+"${own[@]}"} "$@" --explain "$f" -o "$out/$m/$key" \
     >"$out/$m/$key.explain" 2>"$out/$m/$key.err"
   echo "exit $?" >>"$out/$m/$key.explain")
  # Reports name files by absolute path: relative to the checkout, so
  # snapshots of two checkouts compare.
  sed -i "s|$root/||g" "$out/$m/$key.explain" "$out/$m/$key.err"
}
export -f one
(cd "$root" && git ls-files -co --exclude-standard test benchmarks examples |
   grep -E '\.(cl|cu)$' | grep -v '/results/' | sort) | while read -r f; do
  echo "$f default"
  echo "$f force --force"
  echo "$f dgi32 --force --algorithm dgi --neighbors 32"
  echo "$f hot --force --algorithm hot"
  echo "$f wg64 --max-workgroup-size 64"
  echo "$f feedback --force --feedback --algorithm dgi"
  case $f in *.cu)
    echo "$f ballot --force --algorithm ballot"
    echo "$f warphot --force --algorithm warp-hot" ;;
  esac
done > "$out/jobs.txt"
xargs -P "$jobs" -L 1 bash -c 'one "$@"' _ < "$out/jobs.txt"
echo "snapshot_rewrites: $(wc -l < "$out/jobs.txt") rewrites in $out"
