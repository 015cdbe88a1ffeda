//===- RuntimeTestUtil.h - Shared pieces of the runtime tests --------------===//
#ifndef TDRC_TEST_RUNTIME_UTIL_H
#define TDRC_TEST_RUNTIME_UTIL_H

#include "tdrc/runtime/Runtime.h"
#include <gtest/gtest.h>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace tdrc::rt::test {

/// The default device, once; tests skip when there is none.  Never
/// released: a release from a static destructor runs after the OpenCL
/// implementation may have torn itself down (Oclgrind aborts on it).
inline std::optional<Context> &sharedContext() {
  static auto *C = new std::optional<Context>([] {
    try {
      return std::optional<Context>(Context::createDefault());
    } catch (const Error &) {
      return std::optional<Context>();
    }
  }());
  return *C;
}

#define TDRC_NEED_DEVICE(C)                                                    \
  if (!tdrc::rt::test::sharedContext())                                        \
    GTEST_SKIP() << "no OpenCL device";                                        \
  const tdrc::rt::Context &C = *tdrc::rt::test::sharedContext()

/// Sets (or, with nullptr, unsets) an environment variable for a scope.
class ScopedEnv {
public:
  ScopedEnv(const char *Name, const char *Value) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old;
    Value ? setenv(Name, Value, 1) : unsetenv(Name);
  }
  ~ScopedEnv() { Saved ? setenv(Name, Saved->c_str(), 1) : unsetenv(Name); }

private:
  const char *Name;
  std::optional<std::string> Saved;
};

inline std::string kernelPath(const std::string &File) {
  return std::string(TDRC_RUNTIME_KERNELS) + "/" + File;
}

inline std::string readText(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream S;
  S << In.rdbuf();
  return S.str();
}

/// Runs classify(in, out, n) with work-groups of 256; returns out.
inline std::vector<uint32_t> runClassify(const Context &C, Kernel &K,
                                         const std::vector<int> &In) {
  Buffer BIn(C, In, CL_MEM_READ_ONLY);
  Buffer BOut(C, In.size() * sizeof(uint32_t));
  K.setArg(0, BIn);
  K.setArg(1, BOut);
  K.setArg(2, int(In.size()));
  size_t Global = (In.size() + 255) / 256 * 256;
  K.launch({Global}, {256});
  return BOut.read<uint32_t>();
}

/// The original kernel's output on In (classify.cl built as it is).
inline std::vector<uint32_t> originalClassify(const Context &C,
                                              const std::vector<int> &In) {
  Program P = Program::fromFile(C, kernelPath("classify.cl"));
  Kernel K = P.kernel("classify");
  return runClassify(C, K, In);
}

} // namespace tdrc::rt::test

#endif
