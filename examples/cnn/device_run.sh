#!/bin/sh
# device_run.sh DIR [cnn options]
#
# Run THERE, on the GPU machine: the example that prepare_device.sh put in
# DIR, on NVIDIA's OpenCL, at the large size (20 timed runs unless the
# options say otherwise; later options win).
set -eu
[ $# -ge 1 ] || { echo "usage: $0 DIR [cnn options]" >&2; exit 2; }
dir=$(cd "$1" && pwd)
shift

# NVIDIA's OpenCL is installed but not registered with the ICD loader.
mkdir -p /tmp/icd
echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd

export LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# A library or symbol version missing here: take this build machine's.
if ldd "$dir/cnn" 2>&1 | grep -q "not found"; then
  echo "device_run: missing here, using fallback/: $(ldd "$dir/cnn" 2>&1 | grep "not found" | tr '\n' ' ')"
  LD_LIBRARY_PATH="$dir/lib:$dir/fallback:$LD_LIBRARY_PATH"
  if ldd "$dir/cnn" 2>&1 | grep -q "not found"; then
    ldd "$dir/cnn" >&2 || true
    echo "device_run: cnn cannot be loaded here even with fallback/" >&2
    exit 1
  fi
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv 2>/dev/null || true
echo "commit: $(cat "$dir/commit" 2>/dev/null || echo unknown)"
exec "$dir/cnn" --kernels "$dir" --large --runs 20 "$@"
