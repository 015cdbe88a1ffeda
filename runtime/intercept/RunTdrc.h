//===- RunTdrc.h - tdrc in a child process, with a time limit --------------===//
//
// The rewrite runs out of process: OpenCL implementations (PoCL, Mesa) load
// their own LLVM into the application, and a second LLVM in the same process
// clashes with it; a crash or a hang of the rewrite must not take the
// application down either.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_RUNTDRC_H
#define TDRC_INTERCEPT_RUNTDRC_H

#include <string>
#include <vector>

namespace tdrc::intercept {

struct ChildResult {
  bool Started = false;  // the executable ran at all
  bool TimedOut = false;
  int Exit = -1;         // exit status; -1 when killed by a signal
  int Signal = 0;
};

/// Runs Argv (Argv[0] looked up on PATH) with stdout to OutPath and stderr
/// to ErrPath, without LD_PRELOAD (the child is no OpenCL application), and
/// kills it after TimeoutSeconds.
ChildResult runChild(const std::vector<std::string> &Argv,
                     const std::string &OutPath, const std::string &ErrPath,
                     unsigned TimeoutSeconds);

} // namespace tdrc::intercept

#endif
