#!/usr/bin/env bash
# test/gen/run_loopsplit.sh TDRC TDR_EXEC OUTDIR [--count N] [--seed S] [--jobs J]
#                           [--oclgrind-sample K] [--min-split FRACTION]:
# random kernels of kgen_loopsplit.py (a loop whose statements fall into
# independent groups: the loopsplit transform's shapes), each rewritten by
# loopsplit alone (tdrc --force --transforms=-*,loopsplit --explain) and
# compared with the original by tdr_exec (every local size and seed of its
# spec, bit for bit); where tdrc has --loop-split-loops, every odd-numbered
# kernel is rewritten with --loop-split-loops=16 (up to 16 loops, not the
# default 2).  The first K kernels that get split (default 4) also run
# under Oclgrind, original and rewrite, when oclgrind is installed.  Fails
# on any mismatch, build error of the rewrite, tdrc failure or Oclgrind
# report; when a kernel whose shape loopsplit must decline
# (kgen_loopsplit.py's `// expect decline: KIND` line) gets split; when
# tdrc "splits" a loop into one; and when fewer than FRACTION (default 0.5)
# of the other kernels get split (the generator would no longer test the
# transform).  J kernels at a time (default 2).
# POCL_WORK_GROUP_SPECIALIZATION=0 and a PoCL cache in OUTDIR unless the
# environment sets them.
#
# One line per failure, also in OUTDIR/failures.txt: TDRC-FAILED, MISMATCH,
# EXEC-ERROR (tdr_exec could not run them: the rewrite does not build, ...),
# SPLIT-DECLINE, SPLIT-INTO-ONE, OCLGRIND (the rewrite), and the
# generator's own: GENERATOR (not generated, does not build, or disagrees
# with itself), OCLGRIND-ORIGINAL.  A NOTE line (not a failure) names a
# kernel of a decline shape that tdrc declined for another reason than its
# KIND's (it found another obstacle first).  Each kernel's files stay in
# OUTDIR (lsS_I.cl, its rewrite lsS_I.tdr.cl, .explain, .exec, .oclgrind);
# OUTDIR/report.txt has every line.  One kernel again:
#   python3 test/gen/kgen_loopsplit.py --seed S --index I -o k.cl
set -uo pipefail
usage() {
  echo "usage: $0 TDRC TDR_EXEC OUTDIR [--count N] [--seed S] [--jobs J]" \
    "[--oclgrind-sample K] [--min-split FRACTION]" >&2
  exit 2
}
(($# >= 3)) || usage
tdrc=$1 tdr_exec=$2 out=$3
shift 3
count=100 seed=7 jobs=2 sample=4 min_split=0.5
while (($#)); do
  (($# >= 2)) || usage
  case $1 in
    --count) count=$2 ;;
    --seed) seed=$2 ;;
    --jobs) jobs=$2 ;;
    --oclgrind-sample) sample=$2 ;;
    --min-split) min_split=$2 ;;
    *) usage ;;
  esac
  shift 2
done
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
export POCL_WORK_GROUP_SPECIALIZATION=${POCL_WORK_GROUP_SPECIALIZATION:-0}
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$out/pocl-cache}
many=
"$tdrc" --help 2>/dev/null | grep -q -- '--loop-split-loops' && many=--loop-split-loops=16
export tdrc tdr_exec out seed here many
marker='/\* tdrc: loop split into'

# What --explain says when loopsplit declines each KIND.
reason_of() {
  case $1 in
    break) echo "a break out of the loop" ;;
    continue) echo "a continue of the loop" ;;
    bound) echo "which the loop's header reads" ;;
    barrier) echo "a barrier" ;;
    unroll) echo "carries a loop hint" ;;
    condstore) echo "writes the memory of 'lens'" ;;
    chained) echo "depend on each other" ;;
    *) echo "?" ;;
  esac
}

# One kernel: its report lines go to $out/ls${seed}_$i.result (SPLIT,
# DECLINED, EXPECTED-DECLINE: counts; anything else: a failure).
one() {
  local i=$1 k="$out/ls${seed}_$1.cl" t="$out/ls${seed}_$1.tdr.cl" decline reason rc flags=()
  ((i % 2)) && [ -n "$many" ] && flags=("$many")
  exec > "$out/ls${seed}_$i.result" 2>&1
  [ -f "$k" ] || { echo "GENERATOR $k: not generated"; return; }
  decline=$(sed -n '1s/^\/\/ expect decline: //p' "$k")
  [ -n "$decline" ] && echo "EXPECTED-DECLINE"
  if ! "$tdrc" --force '--transforms=-*,loopsplit' ${flags[@]+"${flags[@]}"} "$k" -o "$t" --explain \
    > "$t.explain" 2>&1; then
    if "$tdr_exec" --run-only --quick "$k" > "$k.run" 2>&1; then
      echo "TDRC-FAILED $k ${flags[*]}: $(grep -m 1 -E 'error|Assert|fault' "$t.explain" || tail -n 1 "$t.explain")"
    else  # the original does not build or run
      echo "GENERATOR $k: $(grep -m 1 -E 'error|failed' "$k.run")"
    fi
    return
  fi
  grep -q "$marker [01] loops" "$t" &&
    echo "SPLIT-INTO-ONE $t: $(grep -m 1 "$marker [01] loops" "$t" | sed 's/^ *//')"
  if grep -q -E "$marker ([2-9]|[1-9][0-9]+) loops" "$t"; then
    # SPLIT LOOPS GROUPS: how many loops were split, into how many in all
    grep -o -E "$marker ([2-9]|[1-9][0-9]+) loops" "$t" |
      awk '{ n++; g += $(NF - 1) } END { print "SPLIT " n " " g }'
    [ -n "$decline" ] && echo "SPLIT-DECLINE $k (expected: $decline)"
  else
    echo "DECLINED"
    if [ -n "$decline" ]; then
      reason=$(reason_of "$decline")
      grep 'loop splitting' "$t.explain" | grep -q -F -- "$reason" ||
        echo "NOTE $k ($decline) declined for another reason: $(grep -m 1 'loop splitting' "$t.explain" |
          sed 's/.*(loop splitting): //')"
    fi
  fi
  "$tdr_exec" "$k" "$t" > "$t.exec" 2>&1
  rc=$?
  case $rc in
    0) ;;
    1) if "$tdr_exec" "$k" "$k" > "$k.self" 2>&1; then
         echo "MISMATCH $k ${flags[*]}: $(grep -m 1 MISMATCH "$t.exec")"
       else  # the original does not even agree with itself
         echo "GENERATOR $k: nondeterministic: $(grep -m 1 MISMATCH "$k.self")"
       fi ;;
    *) echo "EXEC-ERROR $k: $(grep -m 1 -E 'error|failed' "$t.exec")" ;;
  esac
}
# Oclgrind on a split kernel: the original (a report there is the
# generator's) and the rewrite.
grind() {
  local k="$out/ls${seed}_$1.cl" t="$out/ls${seed}_$1.tdr.cl" f
  exec >> "$out/ls${seed}_$1.result" 2>&1
  for f in "$k" "$t"; do
    if ! OCLGRIND_FLAGS="--build-options -cl-opt-disable" \
      sh "$here/../exec/oclgrind_check.sh" "$tdr_exec" "$f" > "$f.oclgrind" 2>&1; then
      [ "$f" = "$k" ] && echo "OCLGRIND-ORIGINAL $f: $(tail -n 2 "$f.oclgrind" | tr '\n' ' ')" ||
        echo "OCLGRIND $f: $(tail -n 2 "$f.oclgrind" | tr '\n' ' ')"
    fi
  done
  echo "GRINDED"
}
export -f one grind reason_of
export marker

start=$SECONDS
rm -f "$out"/ls"${seed}"_*
python3 "$here/kgen_loopsplit.py" --seed "$seed" --index 0 --count "$count" --out-dir "$out" ||
  echo "run_loopsplit: kgen_loopsplit.py failed"
seq 0 $((count - 1)) | xargs -P "$jobs" -I{} bash -c 'one {}'

grinded=0
if ((sample > 0)) && command -v "${OCLGRIND:-oclgrind}" > /dev/null; then
  picks=()
  for ((i = 0; i < count && ${#picks[@]} < sample; i++)); do
    grep -q '^SPLIT ' "$out/ls${seed}_$i.result" 2>/dev/null &&
      ! grep -q -E '^(MISMATCH|EXEC-ERROR|TDRC-FAILED)' "$out/ls${seed}_$i.result" && picks+=("$i")
  done
  ((${#picks[@]})) && printf '%s\n' "${picks[@]}" | xargs -P "$jobs" -I{} bash -c 'grind {}'
  grinded=${#picks[@]}
elif ((sample > 0)); then
  echo "run_loopsplit: oclgrind not found, no Oclgrind runs"
fi

split=0 loops=0 groups=0 declined=0 expected=0 split_other=0 other=0
for ((i = 0; i < count; i++)); do
  r="$out/ls${seed}_$i.result"
  e=$(grep -c '^EXPECTED-DECLINE' "$r" 2>/dev/null)
  read -r n g < <(sed -n 's/^SPLIT //p' "$r" 2>/dev/null)
  if ((${e:-0})); then
    expected=$((expected + 1))
  else
    other=$((other + 1))
    [ -n "$n" ] && split_other=$((split_other + 1))
  fi
  if [ -n "$n" ]; then
    split=$((split + 1)) loops=$((loops + n)) groups=$((groups + g))
  elif grep -q '^DECLINED' "$r" 2>/dev/null; then
    declined=$((declined + 1))
  fi
done
for ((i = 0; i < count; i++)); do cat "$out/ls${seed}_$i.result" 2>/dev/null; done |
  grep -v -E '^(SPLIT [0-9]+ [0-9]+|DECLINED|EXPECTED-DECLINE|GRINDED)$' > "$out/report.txt"
grep -v '^NOTE ' "$out/report.txt" > "$out/failures.txt"
fail=$(wc -l < "$out/failures.txt")
notes=$(grep -c '^NOTE ' "$out/report.txt")
cat "$out/report.txt"
pct=$(awk -v s="$split_other" -v o="$other" 'BEGIN { printf "%.0f", o ? 100 * s / o : 0 }')
echo "run_loopsplit: $count kernels (seed $seed): $split split ($loops loops into $groups), $declined declined;" \
  "$split_other of the $other without a decline shape split ($pct%), $expected with one ($notes declined" \
  "for another reason);" \
  "$grinded under Oclgrind; failures: $fail ($((SECONDS - start)) s)"
if ! awk -v s="$split_other" -v o="$other" -v m="$min_split" 'BEGIN { exit !(s >= m * o) }'; then
  echo "run_loopsplit: fewer than $min_split of the kernels without a decline shape were split"
  fail=$((fail + 1))
fi
((fail == 0))
