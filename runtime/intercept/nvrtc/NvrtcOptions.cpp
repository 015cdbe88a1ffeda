//===- NvrtcOptions.cpp - NVRTC's spellings of -D, -U, -I, -include, -std -===//
#include "NvrtcOptions.h"

namespace tdrc::intercept {

namespace {

bool startsWith(const std::string &S, const char *Prefix) {
  return S.rfind(Prefix, 0) == 0;
}

struct Spelling {
  const char *Short, *Long, *Clang; // -D, --define-macro=, -D
};
const Spelling Valued[] = {
    {"-D", "--define-macro=", "-D"},
    {"-U", "--undefine-macro=", "-U"},
    {"-I", "--include-path=", "-I"},
};

} // namespace

std::vector<std::string> nvrtcClangArgs(const std::vector<std::string> &Opts) {
  std::vector<std::string> Args = {"-D__CUDACC_RTC__"};
  for (size_t I = 0; I < Opts.size(); ++I) {
    const std::string &O = Opts[I];
    bool Done = false;
    for (const Spelling &S : Valued) {
      if (O == S.Short && I + 1 < Opts.size()) // "-D", "X": two elements
        Args.push_back(S.Clang + Opts[++I]);
      else if (startsWith(O, S.Long))
        Args.push_back(S.Clang + O.substr(std::string(S.Long).size()));
      else if (startsWith(O, S.Short) && O.size() > 2)
        Args.push_back(S.Clang + O.substr(2));
      else
        continue;
      Done = true;
      break;
    }
    if (Done)
      continue;
    if ((O == "-include" || O == "--pre-include") && I + 1 < Opts.size()) {
      Args.push_back("-include");
      Args.push_back(Opts[++I]);
    } else if (startsWith(O, "--pre-include=")) {
      Args.push_back("-include");
      Args.push_back(O.substr(14));
    } else if (startsWith(O, "-std=") || startsWith(O, "--std=")) {
      Args.push_back("-std=" + O.substr(O.find('=') + 1));
    }
  }
  return Args;
}

} // namespace tdrc::intercept
