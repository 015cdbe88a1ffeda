#!/usr/bin/env bash
# test/cuda/launcher/run_split_check.sh DIR: on the GPU machine, checks the
# launcher tdrc writes for split kernels.  DIR holds split_check.cu and its
# rewrite, made where tdrc is:
#   tdrc --transforms=-*,split --force test/cuda/launcher/split_check.cu \
#     -o DIR/split_check.tdr.cu
# Builds both with nvcc; runs the original and the rewrite under every
# TDR_CHOOSE (measure, the default; model; rewritten; original) at two path
# lengths, and the rewrite under compute-sanitizer memcheck and racecheck;
# every phase's checksum must equal the original's.  TDR_LOG must show that
# the plans ran where they should: over per-path lists in rewritten mode,
# the path kernels inside the graph capture, the kernel unsplit for the
# launch that passes one allocation as input and output.
set -uo pipefail
dir=$(cd "${1:?usage: run_split_check.sh DIR}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-nvcc} sanitizer=${SANITIZER:-compute-sanitizer}
flags="-O3 -arch=sm_90 -std=c++17 -fmad=false -I$here"
status=0
# shellcheck disable=SC2086
$nvcc $flags -o "$dir/orig" "$dir/split_check.cu" || exit 1
# shellcheck disable=SC2086
$nvcc $flags -o "$dir/tdr" "$dir/split_check.tdr.cu" || exit 1
expect() { # FILE TEXT: the log says TEXT
  if ! grep -qF "$2" "$1"; then echo "FAIL $1 lacks: $2"; status=1; fi
}
for steps in 8 256; do
  "$dir/orig" $steps > "$dir/ref.$steps" || { echo "original failed (steps $steps)"; exit 1; }
  for mode in measure model rewritten original; do
    log=$dir/log.$mode.$steps
    if ! TDR_CHOOSE=$mode TDR_LOG=1 "$dir/tdr" $steps > "$dir/out.$mode.$steps" 2> "$log"; then
      echo "FAIL steps=$steps TDR_CHOOSE=$mode: exit status"; cat "$log"; status=1
    elif ! cmp -s "$dir/ref.$steps" "$dir/out.$mode.$steps"; then
      echo "FAIL steps=$steps TDR_CHOOSE=$mode: checksums differ"
      diff "$dir/ref.$steps" "$dir/out.$mode.$steps"; status=1
    else
      echo "ok   steps=$steps TDR_CHOOSE=$mode: $(tr '\n' ';' < "$log")"
    fi
    expect "$log" "tdrc: tally: a buffer read before the branch is in the allocation of one it writes: runs unsplit"
    case $mode in
      rewritten)
        expect "$log" "tdrc: tally: runs the split plan over per-path lists"
        expect "$log" "tdrc: tally: runs the split plan's path kernels" # the capture
        expect "$log" "tdrc: glow: runs the split plan over per-path lists" ;;
      measure)
        expect "$log" "tdrc: tally: runs the split plan over per-path lists"
        expect "$log" "tdrc: tally: original " ;; # a bucket decided
      model|original)
        if grep -q "runs the split plan" "$log"; then
          echo "FAIL TDR_CHOOSE=$mode ran a plan"; status=1
        fi ;;
    esac
  done
done
for tool in memcheck racecheck; do
  if TDR_CHOOSE=rewritten $sanitizer --tool $tool --error-exitcode 9 "$dir/tdr" 16 65536 > "$dir/san.$tool" 2>&1; then
    echo "ok   compute-sanitizer $tool: $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' "$dir/san.$tool" | tr '\n' ' ')"
  else
    echo "FAIL compute-sanitizer $tool"; tail -20 "$dir/san.$tool"; status=1
  fi
done
# Timing (one run of each, in turn, three rounds; the best): the launcher
# under measure (the default) against the plain kernel, and each variant
# forced, for `tally` at 1M particles, a third of them heavy.
if [ "${TIMING:-1}" = 1 ]; then
  echo "timing: steps, ms per launch: original program, launcher measure, rewritten (plan), original (through the launcher); ratios original/x"
  for steps in 4 16 64 256 1024; do
    declare -A best=()
    for _ in 1 2 3; do
      for v in orig measure rewritten original; do
        if [ $v = orig ]; then t=$("$dir/orig" $steps 1048576 time)
        else t=$(TDR_CHOOSE=$v "$dir/tdr" $steps 1048576 time); fi
        if [ -z "${best[$v]:-}" ] || awk -v a="$t" -v b="${best[$v]}" 'BEGIN{exit !(a<b)}'; then best[$v]=$t; fi
      done
    done
    awk -v s=$steps -v o="${best[orig]}" -v m="${best[measure]}" -v r="${best[rewritten]}" -v k="${best[original]}" \
      'BEGIN{printf "timing steps=%d: %s %s %s %s; measure %.3fx, plan %.3fx, through launcher %.3fx\n", s, o, m, r, k, o/m, o/r, o/k}'
    unset best
  done
fi
exit $status
