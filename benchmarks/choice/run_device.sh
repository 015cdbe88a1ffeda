#!/usr/bin/env bash
# benchmarks/choice/run_device.sh DIR [LENS...]: on the GPU machine, builds
# every prepared variant with nvcc and prints one line per kernel, length and
# variant: ms per launch, the ratio original/variant, and whether the output
# matches the original's bit for bit (ideal: the input sorted by path per
# block, so its output differs by design).  Then the OpenCL twins through
# runtime/cl on NVIDIA's OpenCL (the keep variant chooses per launch).
# Paths: hash2 2, chain3 3, switch4 4, interp8 8 (all at every length),
# switch8 8 (64 iterations, a constant), rules_local 2 (hashcat's rule
# loop, the candidate in local memory), pwbuf2 2 (a 64-word private buffer
# live across the branch: the state moves in passes), optif2 and optoff2
# 2 (an option if around the branch after the bounds return, on and off at
# launch: the round is cut out of the if), passif2 2 (the branch in
# `if (p >= skip)` in a pass loop); OpenCL twins of all but switch8,
# pwbuf2, optif2, optoff2 and passif2.
# Loop divergence (the dwa transform): skew16 (one item in 16 eight times
# longer), rows8 (rows of 1 to 8 times len entries, memory-bound) and
# escape8 (escape-time iteration, limits of 1 to 8 times len, a break), at
# lengths up to 256 (DWA_LENS); mandel2d (the textbook Mandelbrot, 2048 x
# 2048, a bounds-check block, trip counts from the pixel's coordinates) at
# escape limits 64, 256 and 1024 (MANDEL_LENS).
# The unseen set (prepare.sh's third argument): run with lengths
# 4 16 64 256; its loop-heavy kernels take those up to 256, fft_stage's len
# is the butterfly span (below 32 its branch diverges).
# Estimated at about 4 minutes on an H100 with the default lengths (it
# prints its time after CUDA and at the end).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(cd "$1" && pwd); shift
lens=${*:-1 2 4 8 16 32 64 128 256 1024}
cd "$dir" || exit 2
# The loop kernels' lengths: those of the list up to 256 (their items run
# up to eight times as long).
dwa_lens() {
  local l out=""
  for l in ${DWA_LENS:-$lens}; do [ "$l" -le 256 ] && out="$out $l"; done
  echo "$out"
}
for f in kernels/*.orig.cu; do
  b=$(basename "$f" .orig.cu)
  for v in orig default keep force; do
    nvcc -O3 -arch=sm_90 -I. -o "bin_$b.$v" choice_main.cu "kernels/$b.$v.cu" &
  done
done
wait
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "kernel len variant ms ratio same"
for f in kernels/*.orig.cu; do
  b=$(basename "$f" .orig.cu)
  klens=$lens
  [ "$b" = switch8 ] && klens=64 # a constant trip count
  case $b in
    skew16|rows8|escape8) klens=$(dwa_lens) ;;
    mandel2d) klens=${MANDEL_LENS:-64 256 1024} ;; # the escape limit
    bsopt|ljforce|rayslab|spmv_pl|gamma_rng|kepler|hashprobe|eos_switch) klens=$(dwa_lens) ;;
  esac
  for len in $klens; do
    read -r t0 s0 < <(./"bin_$b.orig" "$len")
    for v in default keep force ideal; do
      if [ $v = ideal ]; then read -r t s < <(./"bin_$b.orig" "$len" sorted); s=n/a
      else read -r t s < <(TDR_LOG=${TDR_LOG:-0} ./"bin_$b.$v" "$len"); fi
      same=$([ "$s" = n/a ] && echo - || { [ "$s" = "$s0" ] && echo yes || echo NO; })
      echo "$b $len $v $t $(python3 -c "print('%.3f' % ($t0 / $t))") $same"
    done
    echo "$b $len orig $t0 1.000 yes"
  done
done

echo "cuda done in $SECONDS s"

# The path an OpenCL twin's key takes, as choice_cl's PATH (M: key & M,
# %M: key % M), for the ideal's sort: the kernels' own selectors.
path_of() {
  case $1 in
  hash2|rules_local) echo 1 ;; # rules_local: the filter, key & 1
  chain3) echo %3 ;;
  switch4) echo 3 ;;
  interp8) echo 7 ;;
  skew16) echo 15 ;;
  escape8) echo 7 ;;
  rows8) echo 7 ;;
  # the unseen set
  particles3) echo 3 ;;  # the regime: key & 3 (1 absorbed, 2 near a wall, else free)
  bsopt) echo 1 ;;       # call or put: key & 1
  spmv_pl) echo 7 ;;     # the row-length class
  eos_switch) echo 3 ;;  # the material
  vm8) echo 7 ;;         # the first opcode only (later ones differ per step)
  kepler) echo 1023 ;;   # the eccentricity
  # no path in the key (the branch is on x, IDs or the walk): a sort by
  # key & 1, which only shuffles (its ideal line means nothing)
  hashprobe|gamma_rng|fft_stage|elu_rows) echo 1 ;;
  *) return 1 ;;
  esac
}

# OpenCL: NVIDIA's ICD is not registered on the device machine.
mkdir -p /tmp/tdr-icd && echo libnvidia-opencl.so.1 > /tmp/tdr-icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/tdr-icd TDR_CL_PLATFORM=NVIDIA
gcc -O2 -c -I"$root/runtime/cl/include" -I/usr/local/cuda/include -o cl_host.o "$root/runtime/cl/cl_host.c" &&
g++ -O2 -std=c++17 -I"$root/runtime/cl/include" -I"$root/runtime/cl" -I/usr/local/cuda/include \
    -o choice_cl "$root/benchmarks/choice/choice_cl.cpp" "$root"/runtime/cl/*.cpp cl_host.o \
    -L/usr/local/cuda/lib64 -lOpenCL || exit 2
for f in cl/*.default.tdr.cl; do
  b=$(basename "$f" .default.tdr.cl)
  k=$(sed -n 's/^__kernel void \([a-z_0-9]*\).*/\1/p' "cl/$b.cl" | head -1)
  path=$(path_of "$b") || { echo "run_device: no path rule for cl/$b.cl"; exit 2; }
  klens=$lens
  case $b in
    skew16|rows8|escape8) klens=$(dwa_lens) ;;
    mandel2d) klens=${MANDEL_LENS:-64 256 1024} ;; # the escape limit
    bsopt|ljforce|rayslab|spmv_pl|gamma_rng|kepler|hashprobe|eos_switch) klens=$(dwa_lens) ;;
  esac
  for len in $klens; do
    read -r t0 s0 < <(./choice_cl "cl/$b.cl" "$k" "$len" "$path")
    for v in default keep force ideal; do
      if [ $v = ideal ]; then read -r t s < <(./choice_cl "cl/$b.cl" "$k" "$len" "$path" sorted); s=n/a
      else read -r t s < <(./choice_cl "cl/$b.$v.tdr.cl" "$k" "$len" "$path"); fi
      same=$([ "$s" = n/a ] && echo - || { [ "$s" = "$s0" ] && echo yes || echo NO; })
      echo "cl-$b $len $v $t $(python3 -c "print('%.3f' % ($t0 / $t))") $same"
    done
  done
done
echo "opencl done; $SECONDS s in all"
