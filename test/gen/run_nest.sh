#!/usr/bin/env bash
# test/gen/run_nest.sh TDRC TDR_EXEC OUTDIR [COUNT] [SEED] [OCLGRIND_SAMPLE]:
# random kernels of kgen_nest.py (a divergent branch in 1 to 3 uniform
# loops after an early return or inside a bounds guard: the remap
# transform's uniform nests, lib/TDR/Remap/UniformNest.cpp), each rewritten
# by the remap transform alone (tdrc --force --transforms=-*,remap) and
# compared with the original by tdr_exec; the first OCLGRIND_SAMPLE
# kernels that got a nested remap also run under Oclgrind.  A nested remap
# is recognised by the segment cut before a uniform loop in the rewrite,
# `end of active segment (every work-item runs this)`.  Fails on any
# mismatch, tdrc failure or Oclgrind report, when a kernel whose nest tdrc
# must decline (kgen_nest.py's `expect decline:` line) gets a nested remap,
# and when fewer than 85% of the kernels of a nest shape get one (the generator would no
# longer test the nests).  One line per failure (GENERATOR, TDRC-FAILED,
# MISMATCH, EXEC-ERROR, NESTED-DECLINE, OCLGRIND); a kernel expected to be
# nested that was not is listed as NOT-NESTED with the explain's reason
# (not a failure).  Each kernel's files stay in OUTDIR; the summary counts
# the declines by the reason the .explain gives.
set -uo pipefail
tdrc=$1 tdr_exec=$2 out=$3 count=${4:-100} seed=${5:-7} sample=${6:-3}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
export POCL_WORK_GROUP_SPECIALIZATION=0
marker='end of active segment (every work-item runs this)'
fail=0 nested=0 expected=0 grinded=0 configs=0
declare -A why=()
# The reason a divergent branch was left unchanged, from tdrc's explain line.
reason() {
  case $1 in
    *"uniform if at"*) echo uniform-if ;;
    *" leaves it"*) echo break ;;
    *"its header reads"*) echo header ;;
    *"trip count varies"*) echo varying-loop ;;
    *"thread-dependent break, continue or return"*) echo loop-jump ;;
    *"may skip the remap barrier"*) echo return ;;
    *) echo other ;;
  esac
}
start=$SECONDS
for ((i = 0; i < count; i++)); do
  k="$out/n${seed}_$i.cl" t="$out/n${seed}_$i.tdr.cl"
  python3 "$here/kgen_nest.py" --seed "$seed" --index "$i" -o "$k" || { echo "GENERATOR $k"; fail=$((fail + 1)); continue; }
  decline=$(sed -n '1s/.*expect decline: //p' "$k")
  [ -n "$decline" ] && expected=$((expected + 1))
  if ! "$tdrc" --force '--transforms=-*,remap' "$k" -o "$t" --explain > "$t.explain" 2>&1; then
    echo "TDRC-FAILED $k: $(tail -n 1 "$t.explain")"; fail=$((fail + 1)); continue
  fi
  # tdrc's word on the branch in the nest: the line after kgen_nest.py's comment.
  at=$(($(grep -n -m 1 '// the branch in the nest' "$k" | cut -d: -f1) + 1))
  line=$(grep -m 1 "\.cl:$at:[0-9]*: " "$t.explain")
  if grep -qF "$marker" "$t"; then
    nested=$((nested + 1))
    [ -n "$decline" ] && { echo "NESTED-DECLINE $k ($decline)"; fail=$((fail + 1)); }
  else
    r=$(reason "$line")
    why[$r]=$((${why[$r]:-0} + 1))
    [ -z "$decline" ] && echo "NOT-NESTED $k: ${line#*: unchanged: }"
  fi
  "$tdr_exec" "$k" "$t" > "$t.exec" 2>&1
  case $? in
    0) configs=$((configs + $(sed -n 's/.*: \([0-9]*\) configurations.*/\1/p' "$t.exec" | head -n 1))) ;;
    1) echo "MISMATCH $k: $(grep -m 1 MISMATCH "$t.exec")"; fail=$((fail + 1)) ;;
    *) echo "EXEC-ERROR $k: $(grep -m 1 -E 'error|failed' "$t.exec")"; fail=$((fail + 1)) ;;
  esac
  if ((grinded < sample)) && grep -qF "$marker" "$t" && command -v "${OCLGRIND:-oclgrind}" > /dev/null; then
    grinded=$((grinded + 1))
    OCLGRIND_FLAGS="--build-options -cl-opt-disable" \
      sh "$here/../exec/oclgrind_check.sh" "$tdr_exec" "$t" > "$t.oclgrind" 2>&1 ||
      { echo "OCLGRIND $t: $(tail -n 2 "$t.oclgrind" | tr '\n' ' ')"; fail=$((fail + 1)); }
  fi
done
reasons=$(for r in "${!why[@]}"; do echo "$r ${why[$r]}"; done | sort | paste -sd, - | sed 's/,/, /g')
echo "run_nest: $count kernels (seed $seed), $nested with a nested remap, $((count - nested)) not" \
  "(${reasons:-none}), $expected of a shape tdrc must decline, $configs configurations compared," \
  "$grinded under Oclgrind, $((SECONDS - start)) s, failures: $fail"
# Of the kernels of a shape tdrc must handle (a branch on the region's own
# d0 may instead be placed before the loops, outside the nest).
((nested * 100 >= (count - expected) * 85)) ||
  { echo "run_nest: fewer than 85% of the kernels of a nest shape got a nested remap"; fail=$((fail + 1)); }
((fail == 0))
