#!/usr/bin/env bash
# test/gen/run_unify.sh TDRC TDR_EXEC OUTDIR [COUNT] [SEED] [OCLGRIND_SAMPLE] [TRANSFORM]:
# random kernels of kgen_unify.py (a divergent if/else or else-if chain on
# loaded data: the bpu transform's shapes), each rewritten by the bpu
# transform alone (tdrc --force --transforms=-*,bpu --keep-original=false)
# and compared with the original by tdr_exec (each work-item running the
# items of up to 16 work-groups: -DTDR_UNIFY_MIN_GROUPS=1); the first
# OCLGRIND_SAMPLE unified rewrites also run under Oclgrind.  Fails on any
# mismatch, tdrc failure or Oclgrind report, when a kernel whose shape bpu
# must decline (kgen_unify.py's `expect decline:` line) gets unified, and
# when fewer than half of the kernels get their paths unified (the
# generator would no longer test the transform).  One line per failure
# (GENERATOR, TDRC-FAILED, MISMATCH, EXEC-ERROR, UNIFIED-DECLINE, OCLGRIND);
# each kernel's files stay in OUTDIR.
#
# TRANSFORM bpu-guard: bpu on the kernels of --guard-block (half of them
# with the bounds check as a block around the body: bpu reads the branch
# inside it and turns the guard into the end of the item).
#
# TRANSFORM split (default bpu): the same kernels, half with the bounds
# check as a block around them (kgen_unify.py --guard-block), rewritten by
# the split transform alone (--transforms=-*,split) and compared with the
# original by running the parts one after another (tdr_exec --split) and,
# where the rewrite has one, the plan over per-path lists (--split-lists); the
# `expect decline:` lines are bpu's and do not apply.
set -uo pipefail
tdrc=$1 tdr_exec=$2 out=$3 count=${4:-100} seed=${5:-7} sample=${6:-3} transform=${7:-bpu}
gen_flags=() tdrc_flags=(--force '--transforms=-*,bpu' --keep-original=false)
marker='tdrc: path after path' exec_flags=()
if [ "$transform" = split ]; then
  gen_flags=(--guard-block) tdrc_flags=(--force '--transforms=-*,split')
  marker='tdrc-split:'
elif [ "$transform" = bpu-guard ]; then
  gen_flags=(--guard-block)
fi
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
export TDR_EXEC_BUILD_OPTIONS="-DTDR_UNIFY_MIN_GROUPS=1"
export POCL_WORK_GROUP_SPECIALIZATION=0
fail=0 unified=0 declined=0 expected=0 grinded=0 listed=0
for ((i = 0; i < count; i++)); do
  k="$out/u${seed}_$i.cl" t="$out/u${seed}_$i.tdr.cl"
  python3 "$here/kgen_unify.py" --seed "$seed" --index "$i" ${gen_flags[@]+"${gen_flags[@]}"} -o "$k" ||
    { echo "GENERATOR $k"; fail=$((fail + 1)); continue; }
  decline=$(sed -n '1s/.*expect decline: //p' "$k")
  [ "$transform" = split ] && decline=
  # A guard block reading `w` that the body rescales is a data branch of one
  # path: bpu may unify it as a whole, whatever is inside.
  if [ "$transform" = bpu-guard ] && grep -qE '^ *if \((x < w|idx < w)' "$k" && grep -qE '^ *w = ' "$k"; then
    decline=
  fi
  [ -n "$decline" ] && expected=$((expected + 1))
  if ! "$tdrc" "${tdrc_flags[@]}" "$k" -o "$t" --explain > "$t.explain" 2>&1; then
    echo "TDRC-FAILED $k: $(tail -n 1 "$t.explain")"; fail=$((fail + 1)); continue
  fi
  exec_flags=()
  if grep -q "$marker" "$t"; then
    unified=$((unified + 1))
    [ "$transform" = split ] && exec_flags=(--split)
    [ -n "$decline" ] && { echo "UNIFIED-DECLINE $k ($decline)"; fail=$((fail + 1)); }
  else
    declined=$((declined + 1))
  fi
  plans=("${exec_flags[*]}")
  if [ "$transform" = split ] && grep -q 'tdrc-split-lists:' "$t"; then
    plans+=(--split-lists) listed=$((listed + 1))
  fi
  for plan in "${plans[@]}"; do
    # shellcheck disable=SC2086
    "$tdr_exec" $plan "$k" "$t" > "$t.exec" 2>&1
    case $? in
      0) ;;
      1) echo "MISMATCH $k ${plan}: $(grep -m 1 MISMATCH "$t.exec")"; fail=$((fail + 1)) ;;
      *) echo "EXEC-ERROR $k ${plan}: $(grep -m 1 -E 'error:|failed' "$t.exec")"; fail=$((fail + 1)) ;;
    esac
  done
  if ((grinded < sample)) && grep -q "$marker" "$t" && command -v "${OCLGRIND:-oclgrind}" > /dev/null; then
    grinded=$((grinded + 1))
    for plan in "${plans[@]}"; do
      OCLGRIND_FLAGS="--build-options -cl-opt-disable" TDR_EXEC_FLAGS="$plan" \
        sh "$here/../exec/oclgrind_check.sh" "$tdr_exec" "$t" > "$t.oclgrind" 2>&1 ||
        { echo "OCLGRIND $t ${plan}: $(tail -n 2 "$t.oclgrind" | tr '\n' ' ')"; fail=$((fail + 1)); }
    done
  fi
done
echo "run_unify ($transform): $count kernels (seed $seed), $unified changed ($listed with per-path lists)," \
  "$declined declined ($expected of a shape bpu must decline), $grinded under Oclgrind, failures: $fail"
((unified * 2 >= count)) || { echo "run_unify: fewer than half were changed by $transform"; fail=$((fail + 1)); }
if [ "$transform" = split ] && ((listed * 4 < count)); then
  echo "run_unify: fewer than a quarter got per-path lists"; fail=$((fail + 1))
fi
((fail == 0))
