#!/usr/bin/env bash
# test/gen/run_meld.sh TDRC TDR_EXEC OUTDIR [COUNT] [SEED] [OCLGRIND_SAMPLE] [JOBS]:
# random kernels of kgen_meld.py (divergent branches whose sides are
# similar: the meld transform's shapes), each rewritten with
# tdrc --transforms=-*,meld --force --keep-original=false (the melded kernel
# under the original's name, the one tdr_exec runs) and compared with the
# original by tdr_exec (every local size, mix and seed of its spec); the
# first OCLGRIND_SAMPLE rewrites also run under Oclgrind.  Each kernel is
# also rewritten with the default transforms (remap, dwa and meld share its
# branches; --force, the original kept) and compared on tdr_exec --quick.
# JOBS kernels at a time (default 2); ALL_EVERY=K in the environment: the
# default transforms on every K-th kernel only (long runs).  Fails on any
# mismatch, tdrc failure or Oclgrind report, and when fewer than half of the
# kernels get a branch melded (the generator would no longer test meld).
# One line per failure (TDRC-FAILED, MISMATCH, EXEC-ERROR, OCLGRIND), also
# in OUTDIR/failures.txt; each kernel's files stay in OUTDIR.
set -uo pipefail
tdrc=$1 tdr_exec=$2 out=$3 count=${4:-100} seed=${5:-7} sample=${6:-4} jobs=${7:-2}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
export POCL_WORK_GROUP_SPECIALIZATION=0
export TDR_EXEC_BUILD_OPTIONS="-DTDR_POOL_MIN_GROUPS=1"
export tdrc tdr_exec out seed sample here ALL_EVERY=${ALL_EVERY:-1}

# One kernel: its report lines go to $out/m${seed}_$i.result.
one() {
  local i=$1 k="$out/m${seed}_$1.cl" t="$out/m${seed}_$1.tdr.cl" d="$out/m${seed}_$1.all.tdr.cl"
  exec > "$out/m${seed}_$i.result" 2>&1
  [ -f "$k" ] || { echo "GENERATOR $k"; return; }
  if ! "$tdrc" --transforms=-*,meld --force --keep-original=false "$k" -o "$t" --explain > "$t.explain" 2>&1; then
    echo "TDRC-FAILED $k: $(tail -n 1 "$t.explain")"
  else
    echo "MELDED $(grep -cE 'const [a-z ]+ tdr_meld[0-9]+ = ' "$t")"
    "$tdr_exec" "$k" "$t" > "$t.exec" 2>&1 || verdict $? "$k" "$t.exec"
    if ((i < sample)) && command -v "${OCLGRIND:-oclgrind}" > /dev/null; then
      OCLGRIND_FLAGS="--build-options -cl-opt-disable" \
        sh "$here/../exec/oclgrind_check.sh" "$tdr_exec" "$t" > "$t.oclgrind" 2>&1 ||
        echo "OCLGRIND $t: $(tail -n 2 "$t.oclgrind" | tr '\n' ' ')"
    fi
  fi
  if ((i % ALL_EVERY)); then
    return
  elif ! "$tdrc" --force "$k" -o "$d" > "$d.log" 2>&1; then
    echo "TDRC-FAILED (default transforms) $k: $(tail -n 1 "$d.log")"
  else
    "$tdr_exec" --quick "$k" "$d" > "$d.exec" 2>&1 || verdict $? "$k" "$d.exec" " (default transforms)"
  fi
}
# tdr_exec's exit status 1: buffers differ; otherwise (2): it could not run
# them (tdrc's output does not build, ...).
verdict() {
  if [ "$1" = 1 ]; then
    echo "MISMATCH${4:-} $2: $(grep -m 1 MISMATCH "$3")"
  else
    echo "EXEC-ERROR${4:-} $2: $(grep -m 1 -E 'error:|failed' "$3")"
  fi
}
export -f one verdict
rm -f "$out"/m"${seed}"_*.cl
python3 "$here/kgen_meld.py" --seed "$seed" --index 0 --count "$count" --out-dir "$out" || echo "run_meld: kgen_meld.py failed"
seq 0 $((count - 1)) | xargs -P "$jobs" -I{} bash -c 'one {}'
melded=0 branches=0
for ((i = 0; i < count; i++)); do  # the generator stays useful: it melds
  r="$out/m${seed}_$i.result"
  n=$(sed -n 's/^MELDED //p' "$r" 2>/dev/null)
  ((${n:-0} > 0)) && melded=$((melded + 1)) branches=$((branches + n))
done
for ((i = 0; i < count; i++)); do cat "$out/m${seed}_$i.result"; done | grep -v '^MELDED ' > "$out/failures.txt"
fail=$(wc -l < "$out/failures.txt")
cat "$out/failures.txt"
echo "run_meld: $count kernels (seed $seed), $melded melded ($branches branches), failures: $fail"
((melded * 2 >= count)) || { echo "run_meld: fewer than half got a branch melded"; fail=$((fail + 1)); }
((fail == 0))
