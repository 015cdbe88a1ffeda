#!/usr/bin/env bash
# benchmarks/meld/run_device.sh OUT RESULTS: on the GPU machine (run it from
# the repository: it builds runtime/cl for the OpenCL part), with OUT as
# prepare.sh wrote it.  Builds every CUDA variant (nvcc -O3 -arch=sm_90
# -fmad=false), runs each (meld_main.cu: median of 11 repetitions after 8
# warm-ups; MELD_ROUNDS rounds, default 3, each running every variant once
# in turn, and the table keeps the median of each variant's rounds: the
# timings of launch-bound kernels such as BIT's 210 short steps drift by
# 5% (CUDA) to 20% (NVIDIA's OpenCL) between processes), checks every
# variant's buf/tmp/out hash against the original's (also tdrc's default
# with its rewrite forced, TDR_CHOOSE=rewritten), then the OpenCL twins
# the same way through runtime/cl on NVIDIA's OpenCL.  Prints one table per API: ms of the original and the
# time ratios default/orig, meld/orig, hand/orig, meld/hand (below 1:
# faster).  RESULTS (a folder) gets the raw lines, the tables and the build
# logs.  A mismatch, a NONDET run or a failed build is printed loudly and
# makes the exit status 1.  About 6 minutes on an H100.
# MELD_SMALL=1: n = 1 << 14 (a quick try of the script; no timings).
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 OUT RESULTS" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(cd "$1" && pwd)
mkdir -p "$2"
res=$(cd "$2" && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
flags=(-O3 -arch=sm_90 -fmad=false -I"$dir")
cd "$dir" || exit 2
mkdir -p bin obj
fail=0
size=()
[ "${MELD_SMALL:-0}" = 0 ] || size=(small)
rounds=${MELD_ROUNDS:-3}
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo "(no nvidia-smi)"; } | tee "$res/device.txt"
benches=$(for f in kernels/*.orig.cu; do basename "$f" .orig.cu; done)

# --- CUDA: one object per kernel file, linked with the harness ----------
"$nvcc" "${flags[@]}" -c -o obj/meld_main.o meld_main.cu || exit 2
for b in $benches; do
  for v in orig default meld hand; do [ -f "kernels/$b.$v.cu" ] && echo "$b.$v"; done
done | xargs -P 8 -I{} sh -c "'$nvcc' ${flags[*]} -o bin/{} obj/meld_main.o kernels/{}.cu >'$res/build.{}.log' 2>&1 || echo 'BUILD FAILED: {}'" |
  tee "$res/build-failures.txt"
[ -s "$res/build-failures.txt" ] && fail=1

# run LABEL COMMAND...: "LABEL CASE ms checksum det" lines into raw.
run() {
  local label=$1
  shift
  "$@" 2>>"$res/stderr.txt" | sed "s/^/$label /" || echo "$label ? - - RUN-FAILED"
}
: >"$res/cuda.txt"
for round in $(seq "$rounds"); do
  for b in $benches; do
    for v in orig default meld hand; do
      [ -x "bin/$b.$v" ] || continue
      run "$b $v" "./bin/$b.$v" "${size[@]}" >>"$res/cuda.txt"
    done
    [ "$round" = 1 ] && [ -x "bin/$b.default" ] &&
      TDR_CHOOSE=rewritten run "$b default-rewritten" "./bin/$b.default" "${size[@]}" >>"$res/cuda.txt"
  done
done
echo "cuda done in $SECONDS s"

# --- OpenCL: NVIDIA's ICD is not registered on the device machine --------
if ldconfig -p 2>/dev/null | grep -q libnvidia-opencl.so.1; then
  mkdir -p /tmp/tdr-icd && echo libnvidia-opencl.so.1 >/tmp/tdr-icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/tdr-icd TDR_CL_PLATFORM=NVIDIA
else
  echo "run_device: no libnvidia-opencl.so.1: OpenCL on the default platform"
fi
: >"$res/opencl.txt"
if gcc -O2 -c -I"$root/runtime/cl/include" -I/usr/local/cuda/include -o obj/cl_host.o "$root/runtime/cl/cl_host.c" &&
  g++ -O2 -std=c++17 -I"$root/runtime/cl/include" -I"$root/runtime/cl" -I/usr/local/cuda/include \
    -o bin/meld_cl meld_cl.cpp "$root"/runtime/cl/*.cpp obj/cl_host.o -L/usr/local/cuda/lib64 -lOpenCL \
    >"$res/build.meld_cl.log" 2>&1; then
  for round in $(seq "$rounds"); do
    for b in $(for f in cl/*.hand.cl; do basename "$f" .hand.cl; done); do
      for v in orig default meld hand; do
        case $v in orig) f=cl/$b.cl ;; hand) f=cl/$b.hand.cl ;; *) f=cl/$b.$v.tdr.cl ;; esac
        [ -f "$f" ] && run "$b $v" ./bin/meld_cl "$f" "${size[@]}" >>"$res/opencl.txt"
      done
      [ "$round" = 1 ] && [ -f "cl/$b.default.tdr.cl" ] &&
        TDR_CHOOSE=rewritten run "$b default-rewritten" ./bin/meld_cl "cl/$b.default.tdr.cl" "${size[@]}" >>"$res/opencl.txt"
    done
  done
else
  echo "BUILD FAILED: meld_cl (see $res/build.meld_cl.log)"
  fail=1
fi
echo "opencl done; $SECONDS s in all"

# --- the tables and the checks ------------------------------------------
for api in cuda opencl; do
  python3 - "$res/$api.txt" "$api" <<'PY' | tee "$res/table-$api.txt"
import sys
rows, order = {}, []
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 6:
        continue
    b, v, case, ms, h, det = f[:6]
    key = b if case in ("-", "?") else "%s.%s" % (b, case)
    if key not in rows:
        rows[key] = {}
        order.append(key)
    ms0, h0, det0 = rows[key].get(v, ([], h, det))  # earlier rounds
    rows[key][v] = (ms0 + ([] if ms == "-" else [float(ms)]), h0,
                    det0 if h == h0 else "ROUNDS-DIFFER")
for r in rows.values():  # the median of the rounds' medians
    for v, (ms, h, det) in r.items():
        ms = sorted(ms)
        r[v] = (ms[len(ms) // 2] if ms else None, h, det)
print("%s (time ratios: below 1 is faster than the original)" % sys.argv[2])
print("%-9s %10s %11s %9s %9s %9s  %s" % ("kernel", "orig ms", "default/o", "meld/o", "hand/o", "meld/hand", "check"))
bad = 0
for key in order:
    r = rows[key]
    o = r.get("orig")
    def ratio(a, b):
        return "%.3f" % (a[0] / b[0]) if a and b and a[0] and b[0] else "-"
    notes = []
    for v, (ms, h, det) in sorted(r.items()):
        if det != "det":
            notes.append("%s:%s" % (v, det))
        elif o and h != o[1]:
            notes.append("%s:MISMATCH" % v)
    bad += bool(notes)
    print("%-9s %10s %11s %9s %9s %9s  %s" % (key, "%.4f" % o[0] if o and o[0] else "-",
          ratio(r.get("default"), o), ratio(r.get("meld"), o), ratio(r.get("hand"), o),
          ratio(r.get("meld"), r.get("hand")), " ".join(notes) or "all identical"))
sys.exit(1 if bad else 0)
PY
  [ "${PIPESTATUS[0]}" = 0 ] || { echo "*** $api: MISMATCH or failure above ***"; fail=1; }
done
[ -s "$res/stderr.txt" ] && { echo "stderr of the runs:"; head -20 "$res/stderr.txt"; }
[ $fail = 0 ] && echo "run_device: every variant identical to the original" || echo "run_device: FAILED"
exit $fail
