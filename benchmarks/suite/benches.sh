# shellcheck shell=bash disable=SC2034
# The suite's benchmarks and their OpenCL sources (sourced by the scripts).
SUITE_BENCHES="micro2 micro4 micro8 micronest cvp gdt pol pb lbm histo nq mg bp sad"

# suite_source ROOT BENCH: the benchmark's OpenCL kernel.
suite_source() {
  case $2 in
  micro2) echo "$1/benchmarks/micro/micro.cl" ;;
  micro4) echo "$1/benchmarks/micro/micro_p4.cl" ;;
  micro8) echo "$1/benchmarks/micro/micro_p8.cl" ;;
  micronest) echo "$1/benchmarks/micro/micro_nested.cl" ;;
  *) echo "$1/benchmarks/suite/kernels/$2.cl" ;;
  esac
}

# suite_variants DIR BENCH API: the --variant arguments of BENCH's rewrites.
suite_variants() {
  awk -v b="$2" -v api="$3" -v d="$1" '$1 == b && $3 == api { printf "--variant %s=%s/%s\n", $2, d, $4 }' "$1/variants.txt"
}

# suite_build BIN DIR OUT: builds the host programs and every cubin of DIR
# into BIN once (run_device.sh on one benchmark, which checks it), for the
# scripts that then run hand-made variants; the log is OUT/build.log.
suite_build() {
  SUITE_BIN=$1 SUITE_NCU=0 SUITE_REPS=5 "$(dirname "${BASH_SOURCE[0]}")/run_device.sh" "$2" "$3/build" micro2 \
    >"$3/build.log" 2>&1 || { tail -20 "$3/build.log"; return 1; }
}
