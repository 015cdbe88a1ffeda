//===- CudaLauncher.h - CUDA: a launcher that chooses per launch ----------===//
#ifndef TDRC_REWRITER_CUDALAUNCHER_H
#define TDRC_REWRITER_CUDALAUNCHER_H

#include "tdrc/TDR/SourceText.h" // kernelText
#include "tdrc/TDR/Transform.h"
#include "clang/AST/Decl.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tdrc {

struct CudaLaunches {
  std::string Launcher; // text to put after the original's copy
  /// The host code every launcher shares (it holds #includes, so it must be
  /// at file scope) and where it goes, when the kernel is inside a namespace
  /// or an extern "C" block: right before the outermost one.  Otherwise it
  /// starts Launcher.
  std::string Support;
  unsigned SupportAt = 0;
  /// Launch sites to replace: [begin, end) offsets and the new call.
  std::vector<std::pair<std::pair<unsigned, unsigned>, std::string>> Sites;
  std::string Note; // sites left as they were, and why
};

/// K_tdr_launch(grid, block, shmem, stream, K's parameters): runs K or its
/// original, chosen by C and by timing the first launches of each bucket;
/// and the launches `K<<<...>>>(...)` in host code after K's definition
/// rewritten to it.  WithSupport: the file's first launcher, which carries
/// the host code that every launcher shares.  External: callable from other
/// files (--launcher-header), not `static inline`.
CudaLaunches cudaLauncher(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                          const LaunchCondition &C, const KernelText &T,
                          bool WithSupport, bool External);

/// --launcher-header, for a kernel tdrc left unchanged: K_tdr_launch that
/// just launches K (text to put after K), so that other files call the same
/// name whatever tdrc decided; empty, and Why, when it cannot be written.
std::string plainLauncher(const clang::ASTContext &Ctx,
                          const clang::FunctionDecl *K, std::string &Why);

} // namespace tdrc

#endif
