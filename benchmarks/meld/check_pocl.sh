#!/usr/bin/env bash
# benchmarks/meld/check_pocl.sh TDRC [WORK]: the local check, without a GPU.
# Rewrites every kernel with TDRC (prepare.sh into WORK, default a temporary
# folder), builds meld_cl against runtime/cl, and runs every OpenCL twin at
# the small size (n = 1 << 14) on the default OpenCL device (PoCL here):
# the hand-melded version, tdrc's meld rewrite (when this tdrc has meld)
# and tdrc's default output with each of its kernels forced (TDR_CHOOSE=
# rewritten, then original) must give the original's buf/tmp/out bit for
# bit, in both of two repetitions.  A planted change in a hand version must
# be caught.  Exit 1 on any mismatch or failure.  CPU timings mean nothing.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 TDRC [WORK]" >&2; exit 2; }
tdrc=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ $# -ge 2 ]; then work=$2; mkdir -p "$work"; else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
work=$(cd "$work" && pwd)
fail=0
"$here/prepare.sh" "$tdrc" "$work/out" >"$work/prepare.out" 2>&1 || {
  cat "$work/prepare.out"
  echo "check_pocl: prepare.sh failed"
  fail=1
}
# meld_cl: against the built runtime next to TDRC when there is one.
lib=$(cd "$(dirname "$tdrc")/.." && pwd)/runtime/cl
if [ -f "$lib/libtdrc_runtime.a" ] && [ -f "$lib/libtdrcl.a" ]; then
  g++ -O2 -std=c++17 -I"$root/runtime/cl/include" -o "$work/meld_cl" "$here/meld_cl.cpp" \
    "$lib/libtdrc_runtime.a" "$lib/libtdrcl.a" -lOpenCL || exit 1
else
  gcc -O2 -c -I"$root/runtime/cl/include" -o "$work/cl_host.o" "$root/runtime/cl/cl_host.c" &&
    g++ -O2 -std=c++17 -I"$root/runtime/cl/include" -I"$root/runtime/cl" -o "$work/meld_cl" \
      "$here/meld_cl.cpp" "$root"/runtime/cl/*.cpp "$work/cl_host.o" -lOpenCL || exit 1
fi
# hashes FILE: "CASE checksum" per case, two repetitions, no warm-up; a
# NONDET run or a failure gives a line that matches nothing.
hashes() {
  "$work/meld_cl" "$1" small 2 0 2>>"$work/stderr.txt" | awk '{ print $1, $3, $4 }' ||
    echo "failed: $1"
}
cl=$work/out/cl
n=0 k=0
for f in "$cl"/*.hand.cl; do
  b=$(basename "$f" .hand.cl)
  k=$((k + 1))
  want=$(hashes "$cl/$b.cl")
  case $want in *failed*|*NONDET*) echo "check_pocl: $b: the original itself: $want"; fail=1; continue ;; esac
  for v in hand meld default:rewritten default:original; do
    case $v in
    hand) file=$cl/$b.hand.cl choose= ;;
    meld) file=$cl/$b.meld.tdr.cl choose= ;;
    default:*) file=$cl/$b.default.tdr.cl choose=${v#default:} ;;
    esac
    [ -f "$file" ] || continue
    got=$(TDR_CHOOSE=$choose hashes "$file")
    n=$((n + 1))
    if [ "$got" != "$want" ]; then
      echo "check_pocl: MISMATCH $b $v: $(echo "$got" | tr '\n' ' ')against $(echo "$want" | tr '\n' ' ')"
      fail=1
    fi
  done
done
# The check itself can fail: one constant changed in a hand version.
mkdir -p "$work/planted"
sed 's/v \* k0 + p;/v * k0 + p * 1.0001f;/' "$cl/SB1.hand.cl" >"$work/planted/SB1.hand.cl"
planted=$(hashes "$work/planted/SB1.hand.cl")
if cmp -s "$work/planted/SB1.hand.cl" "$cl/SB1.hand.cl" || [ "$planted" = "$(hashes "$cl/SB1.cl")" ] ||
  [ "$(echo "$planted" | grep -c det)" != 2 ]; then
  echo "check_pocl: a planted mismatch went unnoticed (or was not planted)"
  fail=1
fi
[ -s "$work/stderr.txt" ] && head -20 "$work/stderr.txt"
[ -s "$work/out/MISSING" ] && sed 's/^/check_pocl: not checked: /' "$work/out/MISSING"
if [ $fail != 0 ]; then
  echo "check_pocl: FAILED"
  exit 1
fi
echo "check_pocl: $n variants of $k kernels identical to the originals on $(clinfo -l 2>/dev/null | sed -n 's/.*Platform #0: //p')"
