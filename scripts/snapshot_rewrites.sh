#!/usr/bin/env bash
# Rewrites every kernel source of the repository (test kernels, lit inputs,
# CUDA kernels, the fuzzer's and generator's regressions, the benchmarks and
# examples) in every mode tdrc offers and keeps each output and --explain
# report under OUTDIR/<mode>/.  Two snapshots made with two tdrc binaries
# compare with `diff -r`: a refactor must leave them byte-identical.
# usage: snapshot_rewrites.sh TDRC OUTDIR
set -euo pipefail
tdrc=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
mapfile -t files < <(cd "$root" && find test benchmarks examples \
  \( -name '*.cl' -o -name '*.cu' \) -not -path '*/results/*' | sort)
modes=(default force dgi32 hot wg64 feedback ballot warphot json)
flags_for() {
  case $1 in
    default) ;;
    force) echo --force ;;
    dgi32) echo --force --algorithm dgi --neighbors 32 ;;
    hot) echo --force --algorithm hot ;;
    wg64) echo --max-workgroup-size 64 ;;
    feedback) echo --force --feedback --algorithm dgi ;;
    ballot) echo --force --algorithm ballot ;;
    warphot) echo --force --algorithm warp-hot ;;
  esac
}
n=0
for f in "${files[@]}"; do
  src="$root/$f"
  key=${f//\//__}
  read -r -a own <<<"$(sed -n 's|^// TDRC-FLAGS: ||p' "$src" | head -1)"
  for m in "${modes[@]}"; do
    case $m in ballot|warphot) [[ $f == *.cu ]] || continue ;; esac
    [ "$m" = json ] && continue
    mkdir -p "$out/$m"
    read -r -a mf <<<"$(flags_for "$m")"
    set +e
    (cd "$root" && "$tdrc" ${own[@]+"${own[@]}"} ${mf[@]+"${mf[@]}"} --explain \
       "$f" -o "$out/$m/$key" >"$out/$m/$key.explain" 2>"$out/$m/$key.err"
     echo "exit $?" >>"$out/$m/$key.explain")
    set -e
    n=$((n + 1))
  done
done
echo "snapshot_rewrites: $n rewrites of ${#files[@]} files in $out"
