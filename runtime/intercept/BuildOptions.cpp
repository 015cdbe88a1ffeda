//===- BuildOptions.cpp - clBuildProgram's options as Clang flags ----------===//
#include "BuildOptions.h"
#include <cctype>

namespace tdrc::intercept {

std::vector<std::string> splitOptions(const std::string &Options) {
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false;
  char Quote = 0;
  for (char C : Options) {
    if (Quote) {
      if (C == Quote)
        Quote = 0;
      else
        Word += C;
      continue;
    }
    if (C == '"' || C == '\'') {
      Quote = C;
      InWord = true;
    } else if (std::isspace(static_cast<unsigned char>(C))) {
      if (InWord)
        Words.push_back(Word);
      Word.clear();
      InWord = false;
    } else {
      Word += C;
      InWord = true;
    }
  }
  if (InWord)
    Words.push_back(Word);
  return Words;
}

namespace {

bool startsWith(const std::string &S, const char *Prefix) {
  return S.rfind(Prefix, 0) == 0;
}

// -cl-* flags that Clang accepts and that define or change macros.
bool isMathFlag(const std::string &W) {
  return W == "-cl-fast-relaxed-math" || W == "-cl-finite-math-only" ||
         W == "-cl-unsafe-math-optimizations" || W == "-cl-mad-enable";
}

} // namespace

std::vector<std::string> clangArgsFor(const std::string &Options,
                                      const std::string &WorkDir) {
  std::vector<std::string> Words = splitOptions(Options), Args;
  for (size_t I = 0; I < Words.size(); ++I) {
    const std::string &W = Words[I];
    bool Valued = W == "-D" || W == "-U" || W == "-I";
    if (Valued) {
      if (I + 1 < Words.size())
        Args.push_back(W + Words[++I]);
    } else if (startsWith(W, "-D") || startsWith(W, "-U") ||
               startsWith(W, "-I") || startsWith(W, "-cl-std=") ||
               isMathFlag(W)) {
      Args.push_back(W);
    }
  }
  if (!WorkDir.empty())
    Args.push_back("-I" + WorkDir);
  return Args;
}

} // namespace tdrc::intercept
