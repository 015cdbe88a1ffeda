#!/usr/bin/env bash
# test/gen/run_loops.sh TDRC TDR_EXEC OUTDIR [COUNT] [SEED] [OCLGRIND_SAMPLE]:
# random kernels of kgen_loops.py (a loop of varying length: the dwa
# transform's shapes), each rewritten by the dwa transform alone
# (tdrc --force --transforms=-*,dwa: with remap on, remap takes the kernels
# whose bounds guard it can regroup) and compared with
# the original by tdr_exec (pools spanning work-groups:
# -DTDR_POOL_MIN_GROUPS=1, and -DTDR_POOL_STEPS=3 so that items come back
# to the pool mid-loop); the first OCLGRIND_SAMPLE rewrites also run under
# Oclgrind.  Fails on any mismatch, tdrc failure or Oclgrind report, and
# when fewer than half of the kernels get a work pool (the generator would
# no longer test the transform).
set -uo pipefail
tdrc=$1 tdr_exec=$2 out=$3 count=${4:-100} seed=${5:-7} sample=${6:-4}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
export TDR_EXEC_BUILD_OPTIONS="-DTDR_POOL_MIN_GROUPS=1 -DTDR_POOL_STEPS=3"
export POCL_WORK_GROUP_SPECIALIZATION=0
fail=0 pooled=0
for ((i = 0; i < count; i++)); do
  k="$out/l${seed}_$i.cl" t="$out/l${seed}_$i.tdr.cl"
  python3 "$here/kgen_loops.py" --seed "$seed" --index "$i" -o "$k" || { echo "GENERATOR $k"; fail=1; continue; }
  if ! "$tdrc" --force '--transforms=-*,dwa' "$k" -o "$t" --explain > "$t.explain" 2>&1; then
    echo "TDRC-FAILED $k"; fail=1; continue
  fi
  grep -q "tdrc: the work pool's loop" "$t" && pooled=$((pooled + 1))
  if ! "$tdr_exec" "$k" "$t" > "$t.exec" 2>&1; then
    echo "MISMATCH $k: $(tail -n 1 "$t.exec")"; fail=1
  fi
  if ((i < sample)) && command -v "${OCLGRIND:-oclgrind}" > /dev/null; then
    OCLGRIND_FLAGS="--build-options -cl-opt-disable" \
      sh "$here/../exec/oclgrind_check.sh" "$tdr_exec" "$t" > "$t.oclgrind" 2>&1 ||
      { echo "OCLGRIND $t: $(tail -n 2 "$t.oclgrind")"; fail=1; }
  fi
done
echo "run_loops: $count kernels (seed $seed), $pooled given a work pool, failures: $fail"
((pooled * 2 >= count)) || { echo "run_loops: fewer than half got a pool"; fail=1; }
exit $fail
