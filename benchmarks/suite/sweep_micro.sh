#!/usr/bin/env bash
# The micro-benchmarks over path lengths on the GPU machine, in one call:
# run_device.sh (OpenCL and CUDA, every variant prepare.sh made, no ncu) once
# per path length, the binaries built once; one CSV with every row.
#   (here)    benchmarks/suite/prepare.sh build/tools/tdrc .devrun/suite
#   (device)  benchmarks/suite/sweep_micro.sh .devrun/suite $OUT [pathlen...]
# usage: sweep_micro.sh DIR OUT [PATHLEN...]   (default 1 2 4 8 16 64 256 1024)
#        env SWEEP_BENCHES (default "micro2 micro4 micro8"), SUITE_REPS, SUITE_CUDA,
#        SUITE_BIN; every variant prepare.sh made runs, keep (the choice) too
set -uo pipefail
dir=$1 out=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
# SUITE_BIN: binaries a caller built already (or builds here and keeps).
if [ -n "${SUITE_BIN:-}" ]; then
  bin=$SUITE_BIN
else
  bin=$(mktemp -d /tmp/sweep.XXXXXX)
  trap 'rm -rf "$bin"' EXIT
fi
[ $# -gt 0 ] || set -- 1 2 4 8 16 64 256 1024
status=0
for w in "$@"; do
  # shellcheck disable=SC2086 # the benchmark names are words
  SUITE_BIN=$bin SUITE_NCU=0 SUITE_ARGS="--work $w" "$here/run_device.sh" "$dir" "$out/w$w" \
    ${SWEEP_BENCHES:-micro2 micro4 micro8} >"$out/w$w.log" 2>&1 || status=1
  echo "pathlen $w: exit $status"
done
# One CSV: the header once, then every path length's rows.
first=1
for f in "$out"/w*/timing.csv; do
  if [ $first = 1 ]; then cat "$f"; first=0; else tail -n +2 "$f"; fi
done >"$out/sweep.csv"
echo "sweep_micro: $(($(wc -l <"$out/sweep.csv") - 1)) rows in $out/sweep.csv"
exit $status
