//===- BuildOptions.h - clBuildProgram's options as Clang flags for tdrc ---===//
//
// The program is parsed by tdrc as the device compiler will compile it: the
// macros, include directories and language version of the build's options.
// Flags that do not change the parse (-w, -cl-opt-disable, vendor flags) are
// not passed on.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_BUILDOPTIONS_H
#define TDRC_INTERCEPT_BUILDOPTIONS_H

#include <string>
#include <vector>

namespace tdrc::intercept {

/// Options split at blanks; double or single quotes group, as the OpenCL
/// implementations read them.
std::vector<std::string> splitOptions(const std::string &Options);

/// The flags of Options that tdrc's parse needs (-D, -U, -I, -cl-std= and
/// the -cl-* math flags that define macros), joined forms (-DX) and split
/// ones (-D X) alike; WorkDir is added last as an include directory, where
/// the device compiler finds quoted includes.
std::vector<std::string> clangArgsFor(const std::string &Options,
                                      const std::string &WorkDir);

} // namespace tdrc::intercept

#endif
