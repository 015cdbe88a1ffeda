#!/usr/bin/env bash
# tdrc's default mode (the original kept, chosen per launch) on the GPU
# machine, in one call (issue 22's measurements; estimated at about 8
# minutes on an H100, each step prints when it ended):
#   1. benchmarks/choice: P = 2, 3, 4, 8 at lengths 1 to 1024, CUDA (tdrc's
#      launcher) and OpenCL (runtime/cl); OUT/choice.log
#   2. the suite's other kernels once, OpenCL, every variant, no ncu
#      (run_device.sh); OUT/suite/
#   3. micro2, micro4, micro8, micronest over path lengths (the longest
#      first), OpenCL, every variant, keep (the choice) included
#      (sweep_micro.sh), cut at the budget; OUT/sweep/
# then default_summary.py: issue 22's two checks (OUT/summary.txt).
# The suite's CUDA runs (the rewrites alone, by name) are left out: the
# choice in CUDA is the launcher's, measured by step 1.
#   (here)    benchmarks/suite/prepare.sh build/tools/tdrc benchmarks/suite/out
#             benchmarks/choice/prepare.sh build/tools/tdrc benchmarks/choice/out
#   (device)  benchmarks/suite/run_default_mode.sh benchmarks/suite/out benchmarks/choice/out $OUT
# usage: run_default_mode.sh SUITE_DIR CHOICE_DIR OUT
# env:   DEFAULT_BUDGET (540 s: steps 2 and 3 stop by then),
#        DEFAULT_LENS (1 2 4 8 16 32 64 128 256 1024: steps 1 and 2)
set -uo pipefail
[ $# -eq 3 ] || { sed -n '2,19p' "$0"; exit 2; }
suite=$1 choice=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
budget=${DEFAULT_BUDGET:-540}
read -r -a lens <<<"${DEFAULT_LENS:-1 2 4 8 16 32 64 128 256 1024}"
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=$(mktemp -d /tmp/default.XXXXXX)
trap 'rm -rf "$bin"' EXIT
status=0

echo "== 1. benchmarks/choice"
TDR_LOG=1 "$root/benchmarks/choice/run_device.sh" "$choice" "${lens[@]}" >"$out/choice.log" 2>&1 || status=1
tail -1 "$out/choice.log"
grep -E ' NO$' "$out/choice.log" && status=1
echo "default mode: choice done at $SECONDS s"

echo "== 2. the suite's other kernels (OpenCL)"
left=$((budget - SECONDS))
# run_device.sh starts no benchmark after its budget - 120 s: the last one
# starts about 30 s before the end.
# shellcheck disable=SC2046 # benchmark names are words
SUITE_BIN=$bin SUITE_CUDA=0 SUITE_NCU=0 SUITE_BUDGET=$((left + 90)) "$here/run_device.sh" "$suite" "$out/suite" \
  $(. "$here/benches.sh" && echo "$SUITE_BENCHES" | tr ' ' '\n' | grep -v '^micro') >"$out/suite.log" 2>&1 || status=1
sed -n '/^bench /,$p' "$out/suite.log"
echo "default mode: suite done at $SECONDS s"

echo "== 3. micro-benchmarks over path lengths (OpenCL), the longest first"
# Cut at the budget: the lengths done by then keep their OUT/sweep/wLEN/.
left=$((budget - SECONDS))
mapfile -t down < <(printf '%s\n' "${lens[@]}" | sort -rn)
SUITE_BIN=$bin SUITE_CUDA=0 SWEEP_BENCHES="micro2 micro4 micro8 micronest" \
  timeout "$((left > 30 ? left : 30))" "$here/sweep_micro.sh" "$suite" "$out/sweep" "${down[@]}" || status=1
python3 "$here/default_summary.py" "$out" | tee "$out/summary.txt"
echo "default mode: $SECONDS s in all, exit $status"
exit $status
