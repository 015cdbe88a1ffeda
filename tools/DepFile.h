//===- DepFile.h - Make-syntax dependency rules for --depfile --------------===//
#ifndef TDRC_TOOLS_DEPFILE_H
#define TDRC_TOOLS_DEPFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace tdrc {

/// One rule `Target: Prereq1 Prereq2 ...` as GCC's -MD writes it, which
/// Make, Ninja and CMake's DEPFILE all read: spaces and '#' are escaped with
/// a backslash (backslashes before them doubled), '$' becomes "$$", and
/// each prerequisite sits on its own continuation line.
std::string makeDepRule(llvm::StringRef Target,
                        llvm::ArrayRef<std::string> Prereqs);

} // namespace tdrc

#endif
