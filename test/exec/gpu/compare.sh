#!/usr/bin/env bash
# Test kernels against their rewrites on a GPU, through NVIDIA's OpenCL.
#   compare.sh prepare TDRC DIR KERNEL.cl...   (here: tdrc needs Clang)
#       DIR/NAME.cl and its rewrites DIR/NAME.MODE.tdr.cl, MODE = default,
#       force (--force) and dgi (--force --algorithm dgi --neighbors 32);
#       MODES="default meld" in the environment picks others, meld being
#       the meld transform alone (--transforms=-*,meld --force
#       --keep-original=false), as test/gen/run_meld.sh rewrites; dwa and
#       bpu the same for those transforms (run_loops.sh, run_unify.sh),
#       and loopsplit (run_loopsplit.sh);
#       split and lists the split transform alone (--transforms=-*,split
#       --force), run as its launch plan (tdr_exec --split) and as its plan
#       over per-path lists (--split-lists)
#   compare.sh run DIR OUT                      (on the GPU machine)
#       builds tdr_exec against NVIDIA's OpenCL, compares every rewrite with
#       its original bit for bit (tdr_exec's configurations), JOBS at a time
#       (default 8), logs to OUT; pools and unified items span work-groups
#       even on small grids (-DTDR_POOL_MIN_GROUPS=1 -DTDR_UNIFY_MIN_GROUPS=1,
#       items back to the pool every 3 steps: -DTDR_POOL_STEPS=3)
# The device call must carry DIR (its *.tdr.cl files are git-ignored).
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
case ${1:-} in
  prepare)
    tdrc=$2 dir=$3 fail=0
    shift 3
    mkdir -p "$dir"
    for f in "$@"; do
      b=$(basename "$f" .cl)
      cp "$f" "$dir/$b.cl"
      for m in ${MODES:-default force dgi}; do
        case $m in
          default) flags=() ;;
          force) flags=(--force) ;;
          dgi) flags=(--force --algorithm dgi --neighbors 32) ;;
          meld) flags=('--transforms=-*,meld' --force --keep-original=false) ;;
          dwa) flags=('--transforms=-*,dwa' --force --keep-original=false) ;;
          bpu) flags=('--transforms=-*,bpu' --force --keep-original=false) ;;
          loopsplit) flags=('--transforms=-*,loopsplit' --force --keep-original=false) ;;
          split|lists) flags=('--transforms=-*,split' --force) ;;
          *) echo "compare.sh: unknown mode $m" >&2; exit 2 ;;
        esac
        "$tdrc" ${flags[@]+"${flags[@]}"} "$f" -o "$dir/$b.$m.tdr.cl" ||
          { echo "TDRC-FAILED $m $f" >&2; fail=1; }
      done
    done
    exit "$fail" ;;
  run)
    dir=$(cd "$2" && pwd) out=$3
    mkdir -p "$out" /tmp/tdr-icd
    echo libnvidia-opencl.so.1 > /tmp/tdr-icd/nvidia.icd
    export OCL_ICD_VENDORS=/tmp/tdr-icd TDR_CL_PLATFORM=NVIDIA
    export TDR_EXEC_BUILD_OPTIONS="-DTDR_POOL_MIN_GROUPS=1 -DTDR_UNIFY_MIN_GROUPS=1 -DTDR_POOL_STEPS=3"
    cc -O2 -std=c11 -I"$root/runtime/cl/include" -I"$root/test/exec" -I/usr/local/cuda/include \
       -o "$out/tdr_exec" "$root/test/exec/tdr_exec.c" "$root/test/exec/feedback_check.c" \
       "$root/test/exec/split_plan.c" \
       "$root/runtime/cl/cl_host.c" -L/usr/local/cuda/lib64 -lOpenCL -lm || exit 2
    export dir out
    # One rewrite: "ok NAME.MODE" or "FAIL NAME.MODE" and its log's end.
    one() {
      local r=$1 b plan=()
      b=$(basename "$r" .tdr.cl)
      case ${b##*.} in split) plan=(--split) ;; lists) plan=(--split-lists) ;; esac
      if "$out/tdr_exec" ${plan[@]+"${plan[@]}"} "$dir/${b%.*}.cl" "$r" > "$out/$b.txt" 2>&1; then
        echo "ok $b $(grep -o '[0-9]* configurations' "$out/$b.txt" | head -1)"
      else
        echo "FAIL $b: $(tail -3 "$out/$b.txt" | tr '\n' ' ')"
      fi
    }
    export -f one
    find "$dir" -maxdepth 1 -name '*.tdr.cl' | sort |
      xargs -P "${JOBS:-8}" -I{} bash -c 'one {}' > "$out/verdicts.txt"
    grep '^FAIL' "$out/verdicts.txt"
    ok=$(grep -c '^ok' "$out/verdicts.txt") bad=$(grep -c '^FAIL' "$out/verdicts.txt")
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "$ok passed, $bad failed"
    [ "$bad" -eq 0 ] ;;
  *) sed -n '2,9p' "$0"; exit 2 ;;
esac
