//===- OptionValues.h - tdrc's rewrite options as given, and their checks --===//
//
// The options that shape a rewrite, as a user spells them, checked and turned
// into RewriteOptions in one place: the tdrc driver fills them from its
// command line, the C API (include/tdrc/tdrc.h) from an array of option
// words, so both accept the same values with the same messages.  Options
// about files (-o, --depfile, --explain, ...) stay with the driver.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_OPTIONVALUES_H
#define TDRC_REWRITER_OPTIONVALUES_H

#include "tdrc/Rewriter/TdrcFrontend.h"
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

struct OptionValues {
  unsigned MaxWorkGroupSize = 256;
  unsigned LocalMemory = 32768;
  bool LocalMemorySet = false; // else --gpu's own limit replaces it
  std::string Algorithm = "auto";
  std::string Transforms;
  unsigned Neighbors = 16;
  bool Feedback = false;
  std::string Gpu;
  unsigned Regs = 0;
  unsigned Smem = 0;
  bool Force = false;
  double MeldThreshold = 0.2;
  bool MeldArithmetic = false;
  unsigned LoopSplitLoops = 2;
  std::string CostProfile;
  bool KeepOriginal = true;
  bool HoistRounds = true;
  bool DeviceOnly = false;
  std::string CudaPath;
  bool CudaPrelude = false;
};

struct OptionError {
  std::string Message;
  /// The cost profile did not load: Message is its own clang-style
  /// diagnostic (file:line:col: error: ...), not a usage error's text.
  bool Diagnostic = false;
};

/// Checks V and copies it into Opts (ClangArgs and LauncherHeader are left
/// as they are); the first problem, if any.
std::optional<OptionError> applyOptionValues(const OptionValues &V,
                                             RewriteOptions &Opts);

/// The C API's spelling: tdrc's long options as words ("--gpu=sm_90",
/// "--force", "--neighbors", "32"), then "--" and Clang's flags.  Unknown
/// options, and the driver's options about files, are errors.
std::optional<OptionError> parseOptionWords(const std::vector<std::string> &W,
                                            OptionValues &V,
                                            std::vector<std::string> &Clang);

} // namespace tdrc

#endif
