#!/usr/bin/env bash
# One execution test of one kernel: rewrite it with tdrc, then
#   diff       run original and rewritten on the default OpenCL device (PoCL in
#              CI) with random inputs and compare every buffer bit for bit;
#              a kernel named pool_* must get a work pool (the dwa transform);
#   diff-wg64  the same with --max-workgroup-size 64, so larger groups take
#              the unremapped fallback path;
#   diff-dgi   the same with Data Group Indexing forced on every branch
#              (two-path ones too) and neighbourhoods of 32;
#   diff-oclgrind  diff, with Oclgrind as the OpenCL device (for kernels
#              PoCL 3.1 miscompiles: they say POCL-MISCOMPILES and why);
#   oclgrind   run the rewritten kernel under Oclgrind (data races,
#              uninitialized values, barrier divergence): no report allowed;
#   oclgrind-dgi  the same for the forced-DGI rewrite;
#   diff-feedback, oclgrind-feedback  diff and oclgrind for tdrc --feedback
#              with DGI forced: the kernel gets tdr_feedback, whose report
#              tdr_exec --feedback checks too;
#   diff-meld, oclgrind-meld  the meld transform alone (--transforms=-*,meld --meld-arithmetic,
#              with --force: every if/else it may meld): diff and oclgrind;
#   diff-bpu, oclgrind-bpu  the bpu transform alone (--transforms=-*,bpu,
#              with --force), each work-item running the items of up to 16
#              work-groups (-DTDR_UNIFY_MIN_GROUPS=1); a kernel named
#              unify_* must get its paths unified;
#   diff-split, oclgrind-split  the split transform alone (--transforms=-*,split,
#              with --force): the rewrite must carry a tdrc-split launch plan,
#              and tdr_exec --split runs the plan's part kernels one after
#              another in the kernel's place (the original runs the kernel);
#              where the rewrite also has a plan over per-path lists
#              (tdrc-split-lists), tdr_exec --split-lists runs that one too;
#   diff-loopsplit, oclgrind-loopsplit  the loopsplit transform alone
#              (--transforms=-*,loopsplit, with --force: every loop it may
#              split; diff into 2 loops at most, the default, oclgrind into
#              as many as there are groups); a kernel named loopsplit_* must
#              get a loop split, and one where nothing was split is not run;
#   diff-keep  tdrc --keep-original: the rewritten kernel built as the host
#              choosing builds it (-DTDR_HOST_CHOOSES), and the kept original
#              (NAME_tdr_original, run under NAME), each against the original.
# usage: run_kernel_test.sh MODE TDRC TDR_EXEC KERNEL.cl OUTDIR
set -euo pipefail
mode=$1 tdrc=$2 tdr_exec=$3 kernel=$4 outdir=$5
here=$(cd "$(dirname "$0")" && pwd)
name=$(basename "$kernel" .cl)
mkdir -p "$outdir"
# A kernel may ask for tdrc options of its own: `// TDRC-FLAGS: --gpu=sm_90`.
read -r -a flags <<<"$(sed -n 's|^// TDRC-FLAGS: ||p' "$kernel")"
# The tests check the transformation, so every round the analysis allows is
# emitted (--force), unless the kernel tests the profitability model itself
# (`// TDRC-MODEL`: its run-time switch, in both of its states).
grep -q '^// TDRC-MODEL' "$kernel" || flags+=(--force)
tdrc() { "$tdrc" ${flags[@]+"${flags[@]}"} "$@"; }
# The dwa transform coarsens only grids of TDR_POOL_MIN_GROUPS work-groups
# or more (1024 by default); the tests' small grids pool across groups too.
# So does the bpu transform (TDR_UNIFY_MIN_GROUPS).
export TDR_EXEC_BUILD_OPTIONS="${TDR_EXEC_BUILD_OPTIONS:-} -DTDR_POOL_MIN_GROUPS=1 -DTDR_UNIFY_MIN_GROUPS=1"
case "$mode" in
  diff|diff-oclgrind) out="$outdir/$name.tdr.cl"; tdrc "$kernel" -o "$out"
    if [[ $name == pool_* ]] && ! grep -q "tdrc: the work pool's loop" "$out"; then
      echo "the dwa transform left $kernel unchanged" >&2; exit 1
    fi ;;
  diff-wg64) out="$outdir/$name.wg64.tdr.cl"; tdrc --max-workgroup-size 64 "$kernel" -o "$out" ;;
  diff-dgi)  out="$outdir/$name.dgi.tdr.cl";  tdrc --algorithm dgi --neighbors 32 "$kernel" -o "$out" ;;
  oclgrind)  out="$outdir/$name.ocl.tdr.cl";  tdrc "$kernel" -o "$out" ;;
  oclgrind-dgi) out="$outdir/$name.ocldgi.tdr.cl"; tdrc --algorithm dgi --neighbors 32 "$kernel" -o "$out" ;;
  diff-feedback|oclgrind-feedback)
    out="$outdir/$name.$mode.tdr.cl"; tdrc --feedback --algorithm dgi "$kernel" -o "$out"
    grep -q tdr_feedback "$out" || { echo "no DGI round, no tdr_feedback in $out" >&2; exit 1; } ;;
  diff-meld|oclgrind-meld) # the meld transform alone, on every if/else it may meld
    out="$outdir/$name.$mode.tdr.cl"
    meld_flags=()
    for f in ${flags[@]+"${flags[@]}"}; do [[ $f == --transforms=* ]] || meld_flags+=("$f"); done
    "$tdrc" ${meld_flags[@]+"${meld_flags[@]}"} --transforms=-*,meld --meld-arithmetic "$kernel" -o "$out" ;;
  diff-bpu|oclgrind-bpu) # the bpu transform alone
    out="$outdir/$name.$mode.tdr.cl"
    bpu_flags=()
    for f in ${flags[@]+"${flags[@]}"}; do [[ $f == --transforms=* ]] || bpu_flags+=("$f"); done
    "$tdrc" ${bpu_flags[@]+"${bpu_flags[@]}"} --force --transforms=-*,bpu "$kernel" -o "$out"
    if [[ $name == unify_* ]] && ! grep -q 'tdrc: path after path' "$out"; then
      echo "the bpu transform left $kernel unchanged" >&2; exit 1
    fi ;;
  diff-split|oclgrind-split) # the split transform alone; its plan must exist
    out="$outdir/$name.$mode.tdr.cl"
    split_flags=()
    for f in ${flags[@]+"${flags[@]}"}; do [[ $f == --transforms=* ]] || split_flags+=("$f"); done
    "$tdrc" ${split_flags[@]+"${split_flags[@]}"} --force --transforms=-*,split "$kernel" -o "$out"
    if ! grep -q 'tdrc-split:' "$out"; then
      echo "the split transform left $kernel unchanged" >&2; exit 1
    fi ;;
  diff-loopsplit|oclgrind-loopsplit) # the loopsplit transform alone
    out="$outdir/$name.$mode.tdr.cl"
    ls_flags=()
    for f in ${flags[@]+"${flags[@]}"}; do [[ $f == --transforms=* ]] || ls_flags+=("$f"); done
    [[ $mode == oclgrind-* ]] && ls_flags+=(--loop-split-loops=16)
    "$tdrc" ${ls_flags[@]+"${ls_flags[@]}"} --force --transforms=-*,loopsplit "$kernel" -o "$out"
    if ! grep -q 'tdrc: loop split' "$out"; then
      [[ $name != loopsplit_* ]] || { echo "the loopsplit transform left $kernel unchanged" >&2; exit 1; }
      exit 0
    fi ;;
  diff-keep)
    out="$outdir/$name.keep.tdr.cl"; tdrc --keep-original "$kernel" -o "$out"
    grep -q 'tdrc-variants:' "$out" || { echo "no kernel kept its original in $out" >&2; exit 1; } ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
case "$mode" in
  diff|diff-wg64|diff-dgi|diff-meld|diff-bpu|diff-loopsplit) exec "$tdr_exec" "$kernel" "$out" ;;
  diff-feedback) exec "$tdr_exec" --feedback "$kernel" "$out" ;;
  diff-split)
    "$tdr_exec" --split "$kernel" "$out"
    if grep -q 'tdrc-split-lists:' "$out"; then exec "$tdr_exec" --split-lists "$kernel" "$out"; fi ;;
  diff-keep)
    TDR_EXEC_BUILD_OPTIONS=-DTDR_HOST_CHOOSES "$tdr_exec" "$kernel" "$out"
    # The same file with the names swapped: NAME is now the kept original.
    swapped="$outdir/$name.keep-swapped.tdr.cl"
    cp "$out" "$swapped"
    for k in $(sed -n 's|.*tdrc-variants: kernel=\([A-Za-z0-9_]*\) .*|\1|p' "$out"); do
      sed -i -E "s/\b$k\b/${k}_tdr_renamed/g; s/\b${k}_tdr_original\b/$k/g" "$swapped"
    done
    exec "$tdr_exec" "$kernel" "$swapped" ;;
  oclgrind-feedback) TDR_EXEC_FLAGS=--feedback exec "$here/oclgrind_check.sh" "$tdr_exec" "$out" ;;
  oclgrind-split)
    TDR_EXEC_FLAGS=--split "$here/oclgrind_check.sh" "$tdr_exec" "$out"
    if grep -q 'tdrc-split-lists:' "$out"; then
      TDR_EXEC_FLAGS=--split-lists exec "$here/oclgrind_check.sh" "$tdr_exec" "$out"
    fi ;;
  diff-oclgrind) # shellcheck disable=SC2086
    exec oclgrind ${OCLGRIND_FLAGS:-} "$tdr_exec" --quick "$kernel" "$out" ;;
  oclgrind|oclgrind-dgi|oclgrind-meld|oclgrind-bpu|oclgrind-loopsplit) exec "$here/oclgrind_check.sh" "$tdr_exec" "$out" ;;
esac
