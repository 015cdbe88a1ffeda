#!/usr/bin/env bash
# On the GPU machine (nvcc, compute-sanitizer; no LLVM or tdrc needed): for
# every kernel that prepare.sh put into DIR, builds its harness, compares the
# original with each rewrite bit for bit over seeds, block sizes (one with a
# partly idle last block where the kernel has a guard) and condition mixes,
# and runs compute-sanitizer racecheck, memcheck and synccheck (warp-level
# masks and barriers) on the default, DGI, warp-aggregated Head-or-Tail and
# ballot rewrites (one small launch each).  One line per kernel, then the totals.
#
# usage: run.sh DIR OUT
# environment: NVCC (nvcc), SANITIZER (compute-sanitizer), JOBS (parallel
#   builds, default: all cores), PAR (kernels checked at once, default 6),
#   TDR_NVCC_FLAGS (default
#   "-O3 -arch=sm_90 -fmad=false": without -fmad=false nvcc may fuse a
#   multiply and an add that the rewrite separates by moving a value through
#   shared memory, and bit-for-bit comparison would report rounding).
#   -DTDR_POOL_MIN_GROUPS=1 -DTDR_UNIFY_MIN_GROUPS=1 are always added: the
#   dwa transform's pools and the bpu transform's items then span several
#   blocks even on the tests' small grids.
# Exit status: 0 every rewrite equal and no sanitizer report, 1 otherwise.
set -uo pipefail
dir=$(cd "${1:?usage: run.sh DIR OUT}" && pwd)
out=${2:?usage: run.sh DIR OUT}
mkdir -p "$out/bin" "$out/log"
out=$(cd "$out" && pwd)
nvcc=${NVCC:-nvcc}
sanitizer=${SANITIZER:-compute-sanitizer}
jobs=${JOBS:-$(nproc)}
flags="${TDR_NVCC_FLAGS:--O3 -arch=sm_90 -fmad=false} -DTDR_POOL_MIN_GROUPS=1 -DTDR_UNIFY_MIN_GROUPS=1"
variants=(default dgi wg64 warp_hot ballot meld bpu)
checked=(default dgi warp_hot ballot meld bpu)

build() { # NAME
  # shellcheck disable=SC2086
  "$nvcc" $flags -std=c++17 -I"$dir" -o "$out/bin/$1" "$dir/$1.harness.cu" \
    >"$out/log/$1.build.log" 2>&1
}
export -f build
export nvcc flags dir out
cut -d' ' -f1 "$dir/MANIFEST" | xargs -P "$jobs" -I{} bash -c 'build {}'

# Reports of one sanitizer run: errors, plus racecheck's hazard warnings;
# a run that failed, or left no summary, counts as one.
reports() { # LOG EXIT-STATUS
  local e w
  # memcheck ends with "ERROR SUMMARY: N errors"; racecheck with
  # "RACECHECK SUMMARY: H hazards displayed (E errors, W warnings)" only.
  e=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) error.*/\1/p' "$1" | tail -n 1)
  [ -n "$e" ] || e=$(sed -n 's/.*RACECHECK SUMMARY: .*(\([0-9]*\) errors*, [0-9]* warnings*).*/\1/p' "$1" | tail -n 1)
  w=$(sed -n 's/.*RACECHECK SUMMARY: .*(\([0-9]*\) errors*, \([0-9]*\) warnings*).*/\2/p' "$1" | tail -n 1)
  e=${e:-1}
  [ "$2" -ne 0 ] && [ "$e" -eq 0 ] && e=1
  echo $((e + ${w:-0}))
}

# One kernel: its line "NAME v=equal|differ ... configs=N racecheck=N
# memcheck=N synccheck=N" into log/NAME.line, and "counts COMPARED EQUAL REPORTS OK" into
# log/NAME.counts.  Kernels run in parallel (PAR, default 6): the launches are
# small, and compute-sanitizer's start-up dominates.
check() { # NAME
  local name=$1 line result ok=1 compared=0 equal=0 sreports=0 v r n tool log rc configs
  line=$(printf '%-22s' "$name")
  if [ ! -x "$out/bin/$name" ]; then
    echo "$line BUILD FAILED (see $out/log/$name.build.log)" >"$out/log/$name.line"
    echo "${#variants[@]} 0 0 0" >"$out/log/$name.counts"
    return
  fi
  "$out/bin/$name" "$dir/$name.cu" >"$out/log/$name.run.log" 2>&1
  result=$(grep '^RESULT ' "$out/log/$name.run.log" | tail -n 1)
  for v in "${variants[@]}"; do
    compared=$((compared + 1))
    r=$(sed -n "s/.* $v=\([a-z]*\).*/\1/p" <<<"$result")
    [ -n "$r" ] || r=error
    [ "$r" = equal ] && equal=$((equal + 1)) || ok=0
    line+=" $v=$r"
  done
  configs=$(sed -n 's/.*configurations=\([0-9]*\).*/\1/p' <<<"$result")
  line+=" configs=${configs:-?}"
  for tool in racecheck memcheck synccheck; do
    n=0
    for v in "${checked[@]}"; do
      log="$out/log/$name.$v.$tool.log"
      "$sanitizer" --tool "$tool" "$out/bin/$name" --run-only "$v" "$dir/$name.cu" >"$log" 2>&1
      rc=$?
      n=$((n + $(reports "$log" "$rc")))
    done
    sreports=$((sreports + n))
    [ "$n" -eq 0 ] || ok=0
    line+=" $tool=$n"
  done
  echo "$line" >"$out/log/$name.line"
  echo "$compared $equal $sreports $ok" >"$out/log/$name.counts"
}
export -f check reports
export sanitizer
export VARIANTS="${variants[*]}" CHECKED="${checked[*]}"
cut -d' ' -f1 "$dir/MANIFEST" |
  xargs -P "${PAR:-6}" -I{} bash -c 'read -r -a variants <<<"$VARIANTS"; read -r -a checked <<<"$CHECKED"; check {}'

kernels=0 all_equal=0 compared=0 equal=0 sreports=0
while read -r name _; do
  kernels=$((kernels + 1))
  cat "$out/log/$name.line" 2>/dev/null || echo "$name NOT RUN"
  read -r c e r k <"$out/log/$name.counts" 2>/dev/null || { c=${#variants[@]} e=0 r=1 k=0; }
  compared=$((compared + c)) equal=$((equal + e)) sreports=$((sreports + r)) all_equal=$((all_equal + k))
done <"$dir/MANIFEST"
echo "TOTAL kernels=$kernels kernels_ok=$all_equal rewrites_equal=$equal/$compared sanitizer_reports=$sreports"
[ "$equal" -eq "$compared" ] && [ "$sreports" -eq 0 ]
