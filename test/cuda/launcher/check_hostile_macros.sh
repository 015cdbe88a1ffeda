#!/usr/bin/env bash
# Everything tdrc writes into a CUDA file must compile under the short
# macros real programs define before their kernels (N, B, S, F(c, x), ...):
# rewrites hostile_macros.cu with each transform and algorithm (tdrc's own
# CUDA prelude, as on a machine with no toolkit) and compiles every result,
# host code (the launchers, the launch-time choice) included, with nvcc.
# Nothing runs.  Exit 0: all compiled; 1: a failure; 77: no nvcc (skipped).
#
# usage: check_hostile_macros.sh TDRC OUTDIR
#   NVCC (environment): the nvcc to use (default: nvcc on PATH, then
#   /usr/local/cuda/bin/nvcc).
set -uo pipefail
tdrc=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || { echo "check_hostile_macros: no nvcc (set NVCC); skipped"; exit 77; }
mkdir -p "$out"
fails=0
run() { # NAME EXPECTED-EXPLAIN-REGEX TDRC-OPTIONS...
  local name=$1 want=$2; shift 2
  if ! "$tdrc" --cuda-prelude "$@" "$here/hostile_macros.cu" -o "$out/$name.cu" \
       --explain > "$out/$name.explain.txt" 2>&1; then
    echo "FAIL $name: tdrc $*"; fails=$((fails + 1)); return
  fi
  # The mode must have rewritten something, or the compile proves nothing.
  if ! grep -Eq "$want" "$out/$name.explain.txt"; then
    echo "FAIL $name: no '$want' in $out/$name.explain.txt"; fails=$((fails + 1)); return
  fi
  if ! "$nvcc" -arch=sm_90 -std=c++17 -diag-suppress 177 "$out/$name.cu" \
       -o "$out/$name" > "$out/$name.nvcc.log" 2>&1; then
    echo "FAIL $name: nvcc:"; head -20 "$out/$name.nvcc.log"; fails=$((fails + 1)); return
  fi
  echo "ok: $name"
}
run default "kernel 'classify': 1 branch.*1 launch\(es\) choose" 
run dwa "kernel 'histories': .*1 loop given a work pool" --force '--transforms=-*,dwa'
run bpu "paths unified" --force '--transforms=-*,bpu'
run split "split into 2 path kernels" --force '--transforms=-*,split'
run meld "remapped: if/else \(melding\)|melded" --force '--transforms=-*,meld' --meld-arithmetic
for a in dgi warp-hot ballot; do
  run "$a" "kernel 'classify': 1 branch" --force --algorithm "$a"
done
echo "check_hostile_macros: $fails failure(s)"
[ "$fails" -eq 0 ]
