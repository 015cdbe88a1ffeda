//===- KeepOriginal.h - The original kernel kept whole beside the rewrite -===//
//
// --keep-original: a kernel that tdrc changed keeps its untouched original
// in the same file, under another name, so that the host can choose per
// launch which one runs (runtime/cl for OpenCL; for CUDA a launcher that
// tdrc writes and the launch sites of the file call).  Before the rewritten
// kernel, one descriptor line says what the choice needs:
//
//   /* tdrc-variants: kernel=K original=K_tdr_original maxwg=256 when=C */
//
// C is the rewrite's own profitability condition over the kernel's scalar
// parameters ("1": it pays whenever the work-group has at most maxwg
// work-items).  The rewritten kernel's in-kernel fallback is compiled out
// where TDR_HOST_CHOOSES is defined (the host picks the original instead).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_KEEPORIGINAL_H
#define TDRC_REWRITER_KEEPORIGINAL_H

#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/Transform.h"
#include "clang/AST/Decl.h"
#include <string>

namespace tdrc {

/// The name the original of kernel K is kept under.
std::string originalKernelName(llvm::StringRef K);
/// Whether Name is such a kept original (tdrc leaves it alone).
bool isKeptOriginal(llvm::StringRef Name);

struct KeptOriginal {
  bool Kept = false;       // the copy and the descriptor were added
  std::string Why;         // when not: the reason, for --explain
  bool Launcher = false;     // CUDA: a launcher was written
  unsigned LaunchSites = 0; // CUDA: launches that now call the launcher
  std::string Note;        // CUDA: launches left as they were, and why
};

/// How the file's host side calls K (CUDA).
struct HostSide {
  bool DeviceOnly = false;       // --device-only: no host code at all
  bool FirstLauncher = false;    // the file's first: the shared host code
  bool ExternalLauncher = false; // declared for other files (LauncherHeader.h)
};

/// Adds K's original, its descriptor and (CUDA, unless DeviceOnly) its
/// launcher to Edits.  DeviceOnly: the host looks kernels up by name
/// (NVRTC, cuModuleGetFunction), so the original of an `extern "C"` kernel
/// is `extern "C"` too.
KeptOriginal keepOriginal(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                          const LaunchCondition &C, bool Cuda,
                          const HostSide &Host, EditList &Edits);

/// --launcher-header: the plain launcher of a CUDA kernel tdrc left
/// unchanged, after it (CudaLauncher.h); false and Why when there is none.
bool addPlainLauncher(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                      EditList &Edits, std::string &Why);

/// A choice margin as the descriptor's `margin=` spells it ("0.05").
std::string marginText(double M);

} // namespace tdrc

#endif
