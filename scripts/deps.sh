# Debian 12 packages tdrc needs; sourced by setup.sh and .ci/run.
# shellcheck shell=bash
TDRC_PACKAGES=(
  cmake ninja-build g++ python3 file
  clang-22 libclang-22-dev llvm-22-dev llvm-22-tools     # the parser (default)
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools     # the other supported LLVM
  pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers clinfo  # OpenCL on the CPU
  oclgrind                                               # race/uninit checks
  libgtest-dev                                           # unit tests
  libclblast-dev                                         # examples/cnn (its GEMM)
  libclang-rt-22-dev             # ASan/UBSan/libFuzzer runtimes (TDRC_SANITIZE, TDRC_FUZZ)
  shellcheck pyflakes3           # lint.scripts: the test, run and device scripts
  python3-jsonschema             # explain.json: --explain=json against its schema
  hashcat                        # intercept.hashcat: a real application under tdrc-run
)
# The corpus tests (test/corpus) also use apt-get download, dpkg -x, flock,
# awk and timeout, and the generator (test/gen) python3: all in a base Debian 12.

# Installs whatever of TDRC_PACKAGES is missing (needs root or sudo).
tdrc_install_missing() {
  local missing=() p
  for p in "${TDRC_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && { echo "tdrc: all Debian packages present"; return 0; }
  echo "tdrc: installing ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}
