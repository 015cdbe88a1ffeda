#!/usr/bin/env bash
# The benchmark suite on the GPU machine, in one call (under 10 minutes on an
# H100/H200): builds the host programs (OpenCL and CUDA driver API) and the
# CUDA kernels, runs every benchmark in every variant through NVIDIA's OpenCL
# (keep, tdrc's default output, through runtime/cl's per-launch choice) and
# through CUDA (the rewrites alone), checks each variant's output against
# the original's (bit for bit), times the kernels (3 warm-ups, at least the
# choice's exploration for keep; median of SUITE_REPS launches, from
# events), measures control-flow efficiency and branch efficiency with ncu,
# then writes OUT/suite.csv and prints a table (collect.py).
#
# DIR comes from prepare.sh (run where tdrc is built):
#   benchmarks/suite/prepare.sh build/tools/tdrc .devrun/suite
#   (device)  benchmarks/suite/run_device.sh .devrun/suite $OUT
#   (here)    benchmarks/suite/report.py $OUT/suite.csv
#
# ncu: original, auto and ideal of every benchmark, on a quarter of the
# items (SUITE_NCU_SCALE).  If ncu cannot profile
# NVIDIA's OpenCL (checked first), the OpenCL kernels are measured through
# their CUDA translations (cl2cu.py; metrics_via=cl2cu in the CSV).
#
# usage: run_device.sh DIR OUT [BENCH...]   (a subset per call if one call is
#        too short: each OUT gets its own suite.csv)
# env:   SUITE_REPS (20), SUITE_NCU (1), SUITE_NCU_SCALE (0.25), SUITE_CUDA (1), SUITE_BUDGET (540 s:
#        ncu runs that would start later, and benchmarks that would start
#        timing after BUDGET - 120 s, are skipped and noted); for a trial
#        without the GPU: SUITE_ICD=system (keep the ICDs), SUITE_SIZE=small;
#        SUITE_BIN: build into this folder once and reuse it (sweeps);
#        SUITE_ARGS: more options for every host run (e.g. "--work 1024": the
#        micro-benchmarks' path length, CVP's iterations, ...; see --help)
set -uo pipefail
args="$*"
dir=$(cd "$1" && pwd) out=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/benches.sh"
benches=${*:-$SUITE_BENCHES}
reps=${SUITE_REPS:-20}
budget=${SUITE_BUDGET:-540}
start=$(date +%s)
mkdir -p "$out/ncu" "$out/log"
out=$(cd "$out" && pwd)
# Binaries stay out of OUT (it comes back from the device machine); with
# SUITE_BIN they are built there once and reused by later calls (a sweep).
if [ -n "${SUITE_BIN:-}" ]; then
  bin=$SUITE_BIN
else
  bin=$(mktemp -d /tmp/suite.XXXXXX)
  trap 'rm -rf "$bin"' EXIT
fi
mkdir -p "$bin/cubin/cl2cu"
elapsed() { echo $(($(date +%s) - start)); }
export PATH=$PATH:/usr/local/cuda/bin

# NVIDIA's OpenCL ICD is not registered on the machine (shared/NOTES.md).
if [ "${SUITE_ICD:-nvidia}" = nvidia ]; then
  mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | tee "$out/gpu.txt"
size=()
[ "${SUITE_SIZE:-full}" = small ] && size=(--small)
# shellcheck disable=SC2206 # SUITE_ARGS: more host options, e.g. "--work 1024"
size+=(${SUITE_ARGS:-})
cp "$dir/info.txt" "$out/prepare-info.txt"
cp "$dir/variants.txt" "$out/variants.txt"
cp -r "$dir/explain" "$out/"
echo "device command: $(env | grep -E '^SUITE_' | sort | tr '\n' ' ')benchmarks/suite/run_device.sh $args" >>"$out/prepare-info.txt"

# --- build ------------------------------------------------------------------
if [ -f "$bin/built" ]; then
  cuda=$(cat "$bin/built")
  echo "run_device: binaries of an earlier call in $bin"
else
cuda_inc=/usr/local/cuda/include
srcs=("$here"/host/main.c "$here"/host/common.c "$here"/host/permute.c "$here"/host/registry.c "$here"/host/bench_*.c)
cflags=(-O2 -std=c11 -D_GNU_SOURCE -ffp-contract=off -I"$root/runtime/cl/include" -I"$cuda_inc")
# suite_cl links runtime/cl (C++) for the keep variant's choice.
mkdir -p "$bin/obj"
for f in "$root"/runtime/cl/*.cpp "$here/host/rt_cl_choice.cpp"; do echo "$f"; done |
  xargs -P "$(nproc)" -I{} sh -c 'g++ -O2 -std=c++17 -fexceptions -I"$1/runtime/cl/include" -I"$2" -c "$0" \
    -o "$3/obj/$(basename "$0" .cpp).o"' {} "$root" "$cuda_inc" "$bin" || exit 1
cc "${cflags[@]}" -o "$bin/suite_cl" "${srcs[@]}" "$here/host/rt_cl.c" "$root/runtime/cl/cl_host.c" "$bin"/obj/*.o \
  -L/usr/local/cuda/lib64 -lOpenCL -lstdc++ -lm || exit 1
cuda=${SUITE_CUDA:-1}
if [ "$cuda" = 1 ] && ! cc "${cflags[@]}" -o "$bin/suite_cuda" "${srcs[@]}" "$here/host/rt_cuda.c" \
  -L/usr/local/cuda/lib64/stubs -lcuda -lm; then
  echo "run_device: no CUDA host program; OpenCL only"
  cuda=0
fi
# Every CUDA kernel, in parallel: originals plain and as the ideal
# (-DTDR_WORKLIST), tdrc's CUDA rewrites, the OpenCL rewrites' translations;
# none without the CUDA host (SUITE_CUDA=0), which alone runs them.
nvflags="-arch=sm_90 -O3 -fmad=false -cubin -diag-suppress 177,550,20199"
[ "$cuda" = 1 ] && {
  for f in "$dir"/cu/*.cu; do
    base=$(basename "$f" .cu)
    echo "$f $bin/cubin/$base.cubin"
    case $base in *.*) ;; *) echo "$f $bin/cubin/$base.ideal.cubin -DTDR_WORKLIST" ;; esac
  done
  for f in "$dir"/cl2cu/*.cu; do
    [ -f "$f" ] && echo "$f $bin/cubin/cl2cu/$(basename "$f" .cu).cubin"
  done
} | xargs -P "$(nproc)" -L 1 sh -c 'nvcc '"$nvflags"' $2 -o "$1" "$0" || echo "run_device: nvcc failed: $0 $2"' \
  >"$out/log/nvcc.log" 2>&1
grep -s "nvcc failed" "$out/log/nvcc.log"
echo "$cuda" >"$bin/built"
echo "run_device: built in $(elapsed) s"
fi

# --- timing and checks --------------------------------------------------------
# cubins of BENCH's CUDA rewrites (when prepare.sh's tdrc rewrote CUDA).
cuda_variants() {
  awk -v b="$1" -v d="$bin/cubin" '$1 == b && $3 == "cuda" { n = split($4, p, "/"); f = p[n]; sub(/\.cu$/, ".cubin", f); printf "--variant %s=%s/%s\n", $2, d, f }' "$dir/variants.txt"
}
status=0
for b in $benches; do
  [ -f "$dir/cl/$b.cl" ] || { echo "run_device: $b not prepared"; status=1; continue; }
  if [ "$(elapsed)" -ge $((budget - 120)) ]; then
    echo "# timing skipped: $b (time budget ${budget} s)" | tee -a "$out/skipped.txt"
    status=1
    continue
  fi
  echo "== $b: OpenCL"
  # TDR_LOG: the keep variant's decision (runtime/cl) goes into the log.
  # shellcheck disable=SC2046
  TDR_LOG=${TDR_LOG:-1} timeout 150 "$bin/suite_cl" --bench "$b" "${size[@]}" --original "$dir/cl/$b.cl" $(suite_variants "$dir" "$b" cl) \
    --reps "$reps" --csv "$out/timing.csv" 2>&1 | tee "$out/log/$b.cl.log"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  if [ "$cuda" = 1 ] && [ -f "$bin/cubin/$b.cubin" ]; then
    echo "== $b: CUDA"
    # shellcheck disable=SC2046
    timeout 150 "$bin/suite_cuda" --bench "$b" "${size[@]}" --original "$bin/cubin/$b.cubin" $(cuda_variants "$b") \
      --ideal "$bin/cubin/$b.ideal.cubin" --reps "$reps" --csv "$out/timing.csv" 2>&1 | tee "$out/log/$b.cuda.log"
    [ "${PIPESTATUS[0]}" = 0 ] || status=1
  fi
done
echo "run_device: timed in $(elapsed) s"

# --- ncu: control-flow and branch efficiency ----------------------------------
metrics=smsp__thread_inst_executed_pred_on.sum,smsp__inst_executed.sum,smsp__sass_average_branch_targets_threads_uniform.pct
# ncu runs on SUITE_NCU_SCALE (0.25) of the items, same distributions: the
# efficiencies are ratios, and the host's setup of the full inputs would not
# fit 42 runs into the call.
ncu_scale=${SUITE_NCU_SCALE:-0.25}
ncu_run() { # FILE PROGRAM ARGS...: one launch under ncu, its CSV in FILE
  local file=$1
  shift
  timeout 120 ncu --clock-control none --print-units base --metrics "$metrics" --csv "$@" --reps 1 --warmup 0 \
    --scale "$ncu_scale" >"$file" 2>&1
}
if [ "${SUITE_NCU:-1}" = 1 ] && command -v ncu >/dev/null; then
  via=cl
  ncu_run "$out/ncu/probe.txt" "$bin/suite_cl" --bench micro2 --small --original "$dir/cl/micro2.cl" --only original
  if ! grep -q smsp__inst_executed "$out/ncu/probe.txt"; then
    via=cl2cu
    echo "run_device: ncu does not profile NVIDIA OpenCL here; OpenCL kernels measured through cl2cu.py"
  fi
  [ "$cuda" = 1 ] || [ $via = cl ] || echo "run_device: no CUDA host: no ncu metrics"
  for b in $benches; do
    [ -f "$dir/cl/$b.cl" ] || continue
    for v in original auto ideal; do
      # No ideal without a data key (sad): nothing to profile.
      [ $v != ideal ] || grep -q '^ideal ' "$out/log/$b.cl.log" || continue
      if [ "$(elapsed)" -ge "$budget" ]; then
        echo "# ncu skipped: $b $v (time budget ${budget} s)" | tee -a "$out/skipped.txt"
        continue
      fi
      if [ $via = cl ]; then
        [ $v != auto ] || [ -f "$dir/cl/$b.auto.cl" ] || continue
        ncu_run "$out/ncu/$b.$v.cl.csv" "$bin/suite_cl" --bench "$b" "${size[@]}" --original "$dir/cl/$b.cl" \
          --variant "auto=$dir/cl/$b.auto.cl" --only $v
      elif [ "$cuda" = 1 ]; then
        [ $v != auto ] || [ -f "$bin/cubin/cl2cu/$b.auto.cubin" ] || continue
        ncu_run "$out/ncu/$b.$v.cl2cu.csv" "$bin/suite_cuda" --bench "$b" "${size[@]}" --original "$bin/cubin/$b.cubin" \
          --variant "auto=$bin/cubin/cl2cu/$b.auto.cubin" --ideal "$bin/cubin/$b.ideal.cubin" --only $v
      fi
      # tdrc's own CUDA rewrite, when there is one.
      if [ $v = auto ] && [ "$cuda" = 1 ] && [ -f "$bin/cubin/$b.auto.cubin" ]; then
        ncu_run "$out/ncu/$b.auto.cuda.csv" "$bin/suite_cuda" --bench "$b" "${size[@]}" --original "$bin/cubin/$b.cubin" \
          --variant "auto=$bin/cubin/$b.auto.cubin" --only auto
      fi
    done
  done
  echo "run_device: ncu done at $(elapsed) s"
fi

python3 "$here/collect.py" "$out" || status=1
python3 "$here/report.py" "$out/suite.csv" --results "$out/charts" --charts-only
echo "run_device: $(elapsed) s in all, exit $status"
exit $status
