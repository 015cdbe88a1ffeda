#!/usr/bin/env bash
# test/cuda/launcher/run_launcher_check.sh DIR: on the GPU machine, checks
# the launcher tdrc writes into a CUDA file.  DIR holds launcher_check.cu
# and its rewrite launcher_check.tdr.cu (made where tdrc is:
#   tdrc test/cuda/launcher/launcher_check.cu -o DIR/launcher_check.tdr.cu
# next to a copy of the original; optionally also, for launches from
# another translation unit,
#   tdrc test/cuda/launcher/header_kernels.cu -o DIR/header_kernels.tdr.cu \
#     --launcher-header=DIR/header_kernels.tdr.h
# ).  The headers beside this script (check_util.h, header_types.h) are
# found with -I.  Builds both with nvcc; runs the original
# and the rewrite under every TDR_CHOOSE (measure, the default; model;
# rewritten; original), and the rewrite under compute-sanitizer memcheck and
# racecheck; every phase's checksum must equal the original's.  Exit 0 when
# all match and the sanitizers report nothing.
set -uo pipefail
dir=$(cd "${1:?usage: run_launcher_check.sh DIR}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-nvcc} sanitizer=${SANITIZER:-compute-sanitizer}
flags="-O3 -arch=sm_90 -std=c++17 -fmad=false -I$here"
status=0
# shellcheck disable=SC2086
$nvcc $flags -o "$dir/orig" "$dir/launcher_check.cu" || exit 1
# shellcheck disable=SC2086
$nvcc $flags -o "$dir/tdr" "$dir/launcher_check.tdr.cu" || exit 1
for len in 4 64 512; do
  "$dir/orig" $len > "$dir/ref.$len" || { echo "original failed (len $len)"; exit 1; }
  for mode in measure model rewritten original; do
    if ! TDR_CHOOSE=$mode TDR_LOG=1 "$dir/tdr" $len > "$dir/out.$mode.$len" 2> "$dir/log.$mode.$len"; then
      echo "FAIL len=$len TDR_CHOOSE=$mode: exit status"; cat "$dir/log.$mode.$len"; status=1
    elif ! cmp -s "$dir/ref.$len" "$dir/out.$mode.$len"; then
      echo "FAIL len=$len TDR_CHOOSE=$mode: checksums differ"; status=1
    else
      echo "ok   len=$len TDR_CHOOSE=$mode ($(grep -c 'tdrc: mix_steps' "$dir/log.$mode.$len") decisions logged)"
    fi
  done
done
grep -h "tdrc: mix_steps" "$dir"/log.measure.* | sort | uniq -c
# Launches from another file (--launcher-header), when DIR has
# header_kernels.tdr.cu and header_kernels.tdr.h: header_host.cpp launches
# through them; every mode against TDR_CHOOSE=original.
if [ -f "$dir/header_kernels.tdr.cu" ]; then
  # shellcheck disable=SC2086
  $nvcc $flags -I"$dir" -o "$dir/hdr" "$dir/header_kernels.tdr.cu" "$here/header_host.cpp" || exit 1
  for len in 4 64 512; do
    if ! TDR_CHOOSE=original "$dir/hdr" $len > "$dir/hdr.ref.$len"; then
      echo "FAIL header program len=$len TDR_CHOOSE=original: exit status"; status=1; continue
    fi
    for mode in measure model rewritten; do
      if TDR_CHOOSE=$mode TDR_LOG=1 "$dir/hdr" $len > "$dir/hdr.$mode.$len" 2> "$dir/hdr.log.$mode.$len" &&
         cmp -s "$dir/hdr.ref.$len" "$dir/hdr.$mode.$len"; then
        echo "ok   header program len=$len TDR_CHOOSE=$mode ($(grep -c 'tdrc: ' "$dir/hdr.log.$mode.$len") decisions logged)"
      else
        echo "FAIL header program len=$len TDR_CHOOSE=$mode"; cat "$dir/hdr.log.$mode.$len"; status=1
      fi
    done
  done
fi
for tool in memcheck racecheck; do
  if $sanitizer --tool $tool --error-exitcode 9 "$dir/tdr" 64 65536 > "$dir/san.$tool" 2>&1; then
    echo "ok   compute-sanitizer $tool: $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' "$dir/san.$tool" | tr '\n' ' ')"
  else
    echo "FAIL compute-sanitizer $tool"; tail -20 "$dir/san.$tool"; status=1
  fi
done
exit $status
