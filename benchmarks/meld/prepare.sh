#!/usr/bin/env bash
# benchmarks/meld/prepare.sh TDRC OUT: every kernel file as it is (orig),
# melded by hand (hand), and rewritten by tdrc: "default" (plain tdrc: every
# transform, the original kept and chosen per launch; in CUDA the file's
# launches call tdrc's launcher) and "meld" (the meld transform alone,
# --transforms=-remap,-dwa,meld --keep-original=false), each with its
# --explain.  Runs here, where tdrc's Clang is; run_device.sh OUT takes it
# on the GPU machine.  When this tdrc has no meld transform the meld
# variant is left out and OUT/MISSING says so.  Exit 1 when tdrc fails on
# an input (the other outputs are still written; OUT/prepare.log has it).
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 TDRC OUT" >&2; exit 2; }
tdrc=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/kernels" "$out/cl"
out=$(cd "$out" && pwd)
cp "$here/bench.h" "$here/meld_main.cu" "$here/meld_cl.cpp" "$here/run_device.sh" "$out/"
: >"$out/MISSING"
: >"$out/prepare.log"
meld=yes
if ! "$tdrc" --transforms=help 2>/dev/null | grep -q '^meld'; then
  meld=no
  echo "meld: this tdrc ($tdrc) has no meld transform (--transforms=help lists: $("$tdrc" --transforms=help 2>&1 | cut -d: -f1 | tr '\n' ' '))" >>"$out/MISSING"
fi
failed=0
# rewrite IN OUT EXPLAIN ARGS...: one tdrc run, logged; a failure is noted.
rewrite() {
  local in=$1 o=$2 ex=$3
  shift 3
  if "$tdrc" "$@" "$in" -o "$o" --explain >"$ex" 2>>"$out/prepare.log"; then
    echo "ok: tdrc $* $in" >>"$out/prepare.log"
  else
    echo "FAILED (exit $?): tdrc $* $in" | tee -a "$out/prepare.log" >&2
    echo "$(basename "$o"): tdrc failed" >>"$out/MISSING"
    rm -f "$o"
    failed=1
  fi
}
for f in "$here"/kernels/*.cu; do
  case $f in *.hand.cu) continue ;; esac
  b=$(basename "$f" .cu)
  cp "$f" "$out/kernels/$b.orig.cu"
  cp "$here/kernels/$b.hand.cu" "$out/kernels/$b.hand.cu"
  rewrite "$f" "$out/kernels/$b.default.cu" "$out/kernels/$b.default.explain"
  [ $meld = no ] ||
    rewrite "$f" "$out/kernels/$b.meld.cu" "$out/kernels/$b.meld.explain" \
      --transforms=-remap,-dwa,meld --keep-original=false
done
# OpenCL twins, run through runtime/cl (meld_cl.cpp).
for f in "$here"/kernels_cl/*.cl; do
  case $f in *.hand.cl) continue ;; esac
  b=$(basename "$f" .cl)
  cp "$f" "$out/cl/$b.cl"
  cp "$here/kernels_cl/$b.hand.cl" "$out/cl/$b.hand.cl"
  rewrite "$f" "$out/cl/$b.default.tdr.cl" "$out/cl/$b.default.explain"
  [ $meld = no ] ||
    rewrite "$f" "$out/cl/$b.meld.tdr.cl" "$out/cl/$b.meld.explain" \
      --transforms=-remap,-dwa,meld --keep-original=false
done
[ -s "$out/MISSING" ] && sed 's/^/prepare: missing: /' "$out/MISSING" >&2
exit $failed
