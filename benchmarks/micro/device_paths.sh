#!/usr/bin/env bash
# One device run for the many-path micro-benchmark and GPU equivalence:
# P = 2 (Head-or-Tail and DGI), 4 and 8 (DGI) at short and long paths, then
# every test kernel's rewrites (default and forced DGI) against the original
# with tdr_exec.  Kernels are rewritten beforehand (tdrc needs Clang):
#   DIR/micro_p2_hot.cl micro_p2_dgi.cl micro_p4_dgi.cl micro_p8_dgi.cl
#   micro_p2x2_hot.cl (tdrc default: two HoT rounds), micro_p2x2_frag.cl
#   (--algorithm dgi: one DGI round over 4 paths), micro_p2x2_dgi2.cl (two
#   DGI rounds: `#pragma tdr algorithm(dgi)` on each branch),
#   micro_nested_dgi.cl (one DGI round, 3 paths), micro_nested_outer.cl
#   (`#pragma tdr skip` on the inner branch: one HoT round, the inner diverges)
#   (VARIANTS="name:original ..." picks some)
#   DIR/k/NAME.cl NAME.tdr.cl NAME.dgi.tdr.cl
# usage: device_paths.sh DIR OUTDIR [pathlen...]
set -uo pipefail
dir=$1 out=$2
shift 2
pathlens=${*:-4 64 1024}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$out"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
cflags=(-O2 -std=c11 -I"$root/runtime/cl/include" -I/usr/local/cuda/include -L/usr/local/cuda/lib64)
cc "${cflags[@]}" -o /tmp/micro_host "$here/micro_host.c" "$root/runtime/cl/cl_host.c" -lOpenCL -lm
cc "${cflags[@]}" -o /tmp/tdr_exec "$root/test/exec/tdr_exec.c" "$root/runtime/cl/cl_host.c" -lOpenCL -lm
status=0
variants=${VARIANTS:-p2_hot:micro p2_dgi:micro p4_dgi:micro_p4 p8_dgi:micro_p8 p2x2_hot:micro_2x2 p2x2_frag:micro_2x2 p2x2_dgi2:micro_2x2 nested_dgi:micro_nested nested_outer:micro_nested}
for v in $variants; do
  name=${v%%:*} orig=$here/${v#*:}.cl
  for p in $pathlens; do
    echo "== $name pathlen $p"
    /tmp/micro_host --original "$orig" --rewritten "$dir/micro_$name.cl" --n "${MICRO_N:-16777216}" \
      --wg 256 --reps 20 --pathlen "$p" --csv "$out/micro_$name.csv" || status=1
  done
done
: >"$out/exec.log"
for k in "$dir"/k/*.tdr.cl; do
  case $k in *.dgi.tdr.cl) continue ;; esac
  base=${k%.tdr.cl}
  for r in "$k" "$base.dgi.tdr.cl"; do
    [ -f "$r" ] || continue
    /tmp/tdr_exec "$base.cl" "$r" >>"$out/exec.log" 2>&1 || { status=1; echo "FAIL $r" >>"$out/exec.log"; }
  done
done
grep -c "all buffers bit-identical" "$out/exec.log" | sed 's/^/identical: /'
grep -E "MISMATCH|FAIL|error" "$out/exec.log" | head -20
exit $status
