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
