#!/usr/bin/env bash
# Rewrites every benchmark of the suite with tdrc, here (tdrc needs Clang),
# into DIR for run_device.sh (the GPU machine) or check_pocl.sh (PoCL):
#   DIR/cl/B.cl           the original OpenCL kernel of benchmark B
#   DIR/cl/B.V.cl         tdrc's rewrite, variant V: auto (the rewrite alone, profitability model on), hot
#                         (--algorithm hot --force), dgi (--algorithm dgi --force), keep (tdrc's
#                         default: the original kept, chosen per launch by runtime/cl; OpenCL
#                         only); a variant whose output equals the original's or an earlier
#                         variant's is not kept (variants.txt says which)
#   DIR/cu/B.cu           the same kernel in CUDA (cl2cu.py)
#   DIR/cu/B.V.cu         tdrc's CUDA rewrites, when this tdrc rewrites CUDA
#                         (also V = warp-hot and ballot, CUDA's own rounds)
#   DIR/cl2cu/B.V.cu      the OpenCL rewrites translated to CUDA (for ncu
#                         when it cannot profile OpenCL)
#   DIR/explain/B.V.txt   tdrc --explain
#   DIR/variants.txt      "B V API FILE" for every kept rewrite, "# ..." notes
#   DIR/info.txt          tdrc version, commit, date
# usage: prepare.sh TDRC DIR [BENCH...]
# env:   TDRC_CUDA_FLAGS: Clang flags for tdrc's CUDA rewrites (after --)
set -euo pipefail
tdrc=$1 dir=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=benchmarks/suite/benches.sh
. "$here/benches.sh"
benches=${*:-$SUITE_BENCHES}

rm -rf "$dir"
mkdir -p "$dir/cl" "$dir/cu" "$dir/cl2cu" "$dir/explain"
{
  echo "tdrc: $("$tdrc" --version 2>&1 | tr '\n' ' ')"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' (modified)')"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$dir/info.txt"

# CUDA rewriting: when tdrc says it reads CUDA or a trial rewrite succeeds.
cuda=0
python3 "$here/cl2cu.py" "$here/kernels/bp.cl" -o "$dir/trial.cu"
# shellcheck disable=SC2086
if "$tdrc" --help 2>&1 | grep -qi 'cuda' ||
  "$tdrc" "$dir/trial.cu" -o "$dir/trial.tdr.cu" ${TDRC_CUDA_FLAGS:+-- $TDRC_CUDA_FLAGS} >/dev/null 2>&1; then
  cuda=1
fi
rm -f "$dir/trial.cu" "$dir/trial.tdr.cu"
echo "cuda rewriting: $([ $cuda = 1 ] && echo yes || echo no)" >>"$dir/info.txt"

# rewrite API SRC B V: tdrc SRC into B.V.EXT next to it, kept if it differs
# from the original and from the variants kept before it.
rewrite() {
  local api=$1 src=$2 b=$3 v=$4 ext=${2##*.}
  local out=${src%.*}.$v.$ext args=()
  # keep: tdrc's default output as it is, launched through runtime/cl's
  # choice (rt_cl_choice.cpp).  The others: the rewrite alone, launched by
  # name: what tdrc wrote by default before --keep-original became it.
  case $v in
  keep) args=(--keep-original) ;;
  auto) args=(--keep-original=false) ;;
  *) args=(--keep-original=false --algorithm "$v" --force) ;;
  esac
  # shellcheck disable=SC2206 # TDRC_CUDA_FLAGS: words for Clang's CUDA mode
  [ "$api" = cl ] || [ -z "${TDRC_CUDA_FLAGS:-}" ] || args+=(-- ${TDRC_CUDA_FLAGS})
  if ! "$tdrc" "$src" -o "$out" "${args[@]}" --explain >"$dir/explain/$b.$v$([ "$api" = cuda ] && echo .cu).txt" 2>&1; then
    echo "# $b $v $api: tdrc failed (explain/$b.$v.txt)" >>"$dir/variants.txt"
    return 1
  fi
  if cmp -s "$out" "$src"; then
    echo "# $b $v $api: unchanged (no branch remapped)" >>"$dir/variants.txt"
    rm -f "$out"
    return 0
  fi
  local prev
  for prev in "${src%.*}".*."$ext"; do
    if [ "$prev" != "$out" ] && cmp -s "$prev" "$out"; then
      echo "# $b $v $api: same as $(basename "$prev")" >>"$dir/variants.txt"
      rm -f "$out"
      return 0
    fi
  done
  echo "$b $v $api ${out#"$dir"/}" >>"$dir/variants.txt"
  # keep holds two kernels and the host's choice: nothing for ncu's cl2cu.
  if [ "$api" = cl ] && [ "$v" != keep ]; then python3 "$here/cl2cu.py" "$out" -o "$dir/cl2cu/$b.$v.cu"; fi
}

: >"$dir/variants.txt"
status=0
for b in $benches; do
  src=$(suite_source "$root" "$b")
  cp "$src" "$dir/cl/$b.cl"
  python3 "$here/cl2cu.py" "$dir/cl/$b.cl" -o "$dir/cu/$b.cu"
  for v in auto hot dgi; do
    rewrite cl "$dir/cl/$b.cl" "$b" "$v" || status=1
    if [ $cuda = 1 ]; then rewrite cuda "$dir/cu/$b.cu" "$b" "$v" || status=1; fi
  done
  # OpenCL only: the suite's CUDA host loads cubins by name (driver API),
  # so tdrc's CUDA launcher, which rewrites K<<<...>>> launches, has none to
  # serve; benchmarks/choice measures the CUDA choice.
  rewrite cl "$dir/cl/$b.cl" "$b" keep || status=1
  # CUDA only: the warp-level rounds (warp-aggregated Head-or-Tail, ballot).
  if [ $cuda = 1 ]; then
    for v in warp-hot ballot; do rewrite cuda "$dir/cu/$b.cu" "$b" "$v" || status=1; done
  fi
  grep -h -E "kernel '|remapped:|unchanged:" "$dir/explain/$b.auto.txt" | sed "s|$dir/cl/||" | cut -c1-220
done
echo "prepared $(grep -c -v '^#' "$dir/variants.txt") rewrites of $(echo $benches | wc -w) benchmarks in $dir"
exit $status
