//===- DepFile.cpp - Make-syntax dependency rules for --depfile ------------===//
#include "DepFile.h"

namespace tdrc {

static void appendEscaped(std::string &Out, llvm::StringRef Path) {
  for (size_t I = 0; I < Path.size(); ++I) {
    char C = Path[I];
    if (C == ' ' || C == '#') {
      // Backslashes right before the escaped character would read as an
      // escape themselves: double them.
      for (size_t J = I; J > 0 && Path[J - 1] == '\\'; --J)
        Out += '\\';
      Out += '\\';
    } else if (C == '$') {
      Out += '$';
    }
    Out += C;
  }
}

std::string makeDepRule(llvm::StringRef Target,
                        llvm::ArrayRef<std::string> Prereqs) {
  std::string Out;
  appendEscaped(Out, Target);
  Out += ':';
  for (const std::string &P : Prereqs) {
    Out += " \\\n  ";
    appendEscaped(Out, P);
  }
  Out += '\n';
  return Out;
}

} // namespace tdrc
