//===- RewriteCache.h - A program's rewrite, from the cache or from tdrc ---===//
//
// Entries live in the cache directory under a 128-bit key of the source, the
// build's Clang flags, tdrc's options and the tdrc executable (path, size,
// time), so a new tdrc or other options never reuse an old rewrite.  Entries
// appear by rename(), so concurrent applications see whole files or none.
// Every file the interceptor writes is in that directory.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_REWRITECACHE_H
#define TDRC_INTERCEPT_REWRITECACHE_H

#include <string>
#include <vector>

namespace tdrc::intercept {

struct ProgramRewrite {
  bool Changed = false;  // Source has at least one kernel with its original
  std::string Source;    // tdrc's output (when Changed)
  std::string Explain;   // tdrc's --explain report
  std::string Why;       // why the original stays whole (when !Changed)
  bool Cached = false;   // found in the cache
  /// The entry's path without its extension (CacheDir/KEY), where files
  /// that belong to this rewrite may go (the shadow's binaries).
  std::string EntryBase;
};

/// A 128-bit key of Parts, as 32 hex digits.
std::string cacheKey(const std::vector<std::string> &Parts);

/// Reads Path whole; false when it cannot.
bool readCacheFile(const std::string &Path, std::string &Text);
/// Writes Path through a temporary name and rename(): whole or not at all.
bool publishCacheFile(const std::string &Path, const std::string &Text);

/// What tdrc is asked to rewrite: the source, the flags its parse needs,
/// tdrc options of the caller's (the user's TDR_TDRC_OPTIONS come first)
/// and the language, by the file extension tdrc sees.
struct RewriteRequest {
  std::string Source;
  std::vector<std::string> ClangArgs;
  std::vector<std::string> TdrcOptions;
  std::string Ext = ".cl";
};

/// The rewrite of R, from the cache or from tdrc.
ProgramRewrite rewriteSource(const RewriteRequest &R);

/// The rewrite of an OpenCL program's Source for a build with Options
/// (clBuildProgram's).
ProgramRewrite rewriteProgram(const std::string &Source,
                              const std::string &Options);

} // namespace tdrc::intercept

#endif
