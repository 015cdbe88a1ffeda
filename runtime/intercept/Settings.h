//===- Settings.h - The interceptor's controls, from the environment -------===//
//
// Read once, at the first intercepted call (docs/intercept.md):
//   TDR_DISABLE          set (not 0): every call goes straight through
//   TDR_LOG              set (not 0): a line per program, kernel and choice
//   TDR_EXPLAIN          set (not 0): tdrc's --explain report per program
//   TDR_CACHE_DIR        the rewrite cache ($XDG_CACHE_HOME/tdrc, ~/.cache/tdrc)
//   TDRC                 the tdrc executable (default: ../bin/tdrc beside this
//                        library, else tdrc on PATH)
//   TDR_TDRC_OPTIONS     more tdrc options, split at spaces (--gpu=sm_90 ...)
//   TDR_KERNELS          comma-separated: only these kernels may be rewritten
//   TDR_SKIP_KERNELS     comma-separated: these kernels never are
//   TDR_REWRITE_TIMEOUT  seconds tdrc may take on one program (default 120)
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_SETTINGS_H
#define TDRC_INTERCEPT_SETTINGS_H

#include <exception>
#include <set>
#include <string>
#include <vector>

namespace tdrc::intercept {

struct Settings {
  bool Disabled = false, Log = false, Explain = false;
  std::string CacheDir, Tdrc;
  std::vector<std::string> TdrcOptions;
  std::set<std::string> Only, Skip; // Only empty: every kernel
  unsigned TimeoutSeconds = 120;

  /// Whether kernel Name may run its rewrite.
  bool allows(const std::string &Name) const;
};

const Settings &settings();

/// A line on stderr, "tdrc-intercept: " first, when TDR_LOG is set.
void logLine(const std::string &Line);

/// Runs Fn, swallowing what tdrc's side throws (logged): the application
/// goes on with its original kernels.
template <typename F> void guarded(const char *Where, F &&Fn) {
  try {
    Fn();
  } catch (const std::exception &E) {
    logLine(std::string(Where) + ": " + E.what() + "; the original is used");
  } catch (...) {
    logLine(std::string(Where) + ": unknown error; the original is used");
  }
}

} // namespace tdrc::intercept

#endif
