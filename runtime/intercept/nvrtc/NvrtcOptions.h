//===- NvrtcOptions.h - nvrtcCompileProgram's options as Clang flags ------===//
//
// tdrc parses the program as NVRTC compiles it: the macros, include paths,
// forced includes and language standard of the compile's options, and
// NVRTC's own __CUDACC_RTC__.  Options that do not change the parse
// (-arch, -lineinfo, -use_fast_math, ...) are not passed on.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_NVRTCOPTIONS_H
#define TDRC_INTERCEPT_NVRTCOPTIONS_H

#include <string>
#include <vector>

namespace tdrc::intercept {

/// NVRTC's options, one per element (as the application passed them).
std::vector<std::string> nvrtcClangArgs(const std::vector<std::string> &Opts);

} // namespace tdrc::intercept

#endif
