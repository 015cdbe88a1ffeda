#!/usr/bin/env bash
# On the GPU machine: nvrtc_app (built here against the real libnvrtc and
# libcuda) alone and under tdrc-run, the rewrite forced, the original forced
# and the default choice; outputs compared byte for byte; the forced rewrite
# under compute-sanitizer (memcheck, racecheck, synccheck); the compile's
# time and each length's kernel time alone and under tdrc-run.  See
# prepare.sh.
#   bash run_gpu.sh PREPARED RESULTS
set -uo pipefail
prep=$(cd "$1" && pwd) res=$2
mkdir -p "$res"
stage=/tmp/tdrc-nvrtc-gpu
rm -rf "$stage" && mkdir -p "$stage"
cp -r "$prep"/kernels "$prep"/cache "$stage/"
cp "$prep/tdrc-stub" "$stage/tdrc" # the same path, text and time
chmod +x "$stage/tdrc"
touch -d '2026-01-01 00:00:00' "$stage/tdrc"
cuda=${CUDA_HOME:-/usr/local/cuda}
export LD_LIBRARY_PATH=$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
app=$stage/nvrtc_app
cc -std=c99 -O2 -Wall -Wextra -I "$prep/include" -o "$app" "$prep/nvrtc_app.c" \
   -L "$cuda/lib64" -lnvrtc -lcuda || { echo "cannot build nvrtc_app" | tee "$res/summary.txt"; exit 1; }
export TDRC="$stage/tdrc" TDRC_INTERCEPT_LIB="$prep/libtdrc_intercept.so" \
       TDRC_NVRTC_LIB="$prep/libtdrc_nvrtc.so"
run() { bash "$prep/tdrc-run" --log --cache "$stage/cache" "$@"; }
cd "$stage" || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$res/device.txt"
opts=--gpu-architecture=compute_90
status=0
for k in classify uniform with_header; do
  hdr=; [ $k = with_header ] && hdr=kernels/classify_params.cuh
  NVRTC_APP_HEADER=$hdr NVRTC_APP_N=1048576 "$app" "kernels/$k.cu" "$stage/$k-alone.bin" $opts > "$res/$k-alone.txt" 2>&1 || status=1
  for mode in rewritten original measure; do
    NVRTC_APP_HEADER=$hdr NVRTC_APP_N=1048576 run --choose $mode -- "$app" "kernels/$k.cu" "$stage/$k-$mode.bin" $opts \
      > "$res/$k-$mode.txt" 2>&1 || status=1
    if cmp -s "$stage/$k-alone.bin" "$stage/$k-$mode.bin"; then same=identical; else same=DIFFERENT; status=1; fi
    echo "$k $mode: $same; $(grep -m1 'nvrtc program' "$res/$k-$mode.txt")" | tee -a "$res/summary.txt"
  done
done
# A size that is no multiple of the block: the bounds guard's early return.
NVRTC_APP_N=100003 "$app" kernels/classify.cu "$stage/odd-alone.bin" $opts > /dev/null 2>&1 || status=1
NVRTC_APP_N=100003 run --choose rewritten -- "$app" kernels/classify.cu "$stage/odd-rw.bin" $opts \
  > "$res/odd-rewritten.txt" 2>&1 || status=1
if cmp -s "$stage/odd-alone.bin" "$stage/odd-rw.bin"; then same=identical; else same=DIFFERENT; status=1; fi
echo "classify n=100003 rewritten: $same" | tee -a "$res/summary.txt"
# The forced rewrite under compute-sanitizer (a smaller run).
for tool in memcheck racecheck synccheck; do
  LD_PRELOAD="$prep/libtdrc_nvrtc.so" TDR_CHOOSE=rewritten TDR_CACHE_DIR="$stage/cache" \
  NVRTC_APP_N=65536 NVRTC_APP_REPS=1 \
    "$cuda/bin/compute-sanitizer" --tool $tool --error-exitcode 9 \
    "$app" kernels/classify.cu "$stage/san.bin" $opts > "$res/sanitizer-$tool.txt" 2>&1
  rc=$?
  [ $rc = 0 ] || status=1
  echo "compute-sanitizer $tool: exit $rc; $(grep -m1 'ERROR SUMMARY\|RACECHECK SUMMARY' "$res/sanitizer-$tool.txt")" | tee -a "$res/summary.txt"
done
# Times: compile, then per length 50 launches of the variant in use (the
# choice settled), alone and under tdrc-run (cache warm), three runs each.
for i in 1 2 3; do
  for how in alone tdrc-run; do
    if [ $how = alone ]; then
      NVRTC_APP_N=1048576 NVRTC_APP_TIMES=50 "$app" kernels/classify.cu "$stage/t.bin" $opts 2>&1 >/dev/null
    else
      NVRTC_APP_N=1048576 NVRTC_APP_TIMES=50 run -- "$app" kernels/classify.cu "$stage/t.bin" $opts 2>&1 >/dev/null
    fi | grep -E 'nvrtc_app:|nvrtc program|-> ' | sed "s/^/run $i $how: /" | tee -a "$res/times.txt"
  done
done
exit $status
