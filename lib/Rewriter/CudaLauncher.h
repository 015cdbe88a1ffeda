//===- CudaLauncher.h - CUDA: a launcher that chooses per launch ----------===//
#ifndef TDRC_REWRITER_CUDALAUNCHER_H
#define TDRC_REWRITER_CUDALAUNCHER_H

#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/SourceText.h" // kernelText
#include "tdrc/TDR/Transform.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseSet.h"
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
  unsigned AttributeSites = 0; // of Sites, cudaFuncSetAttribute calls
  unsigned ExSites = 0; // of Sites, cudaLaunchKernelEx calls
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

/// CudaSplitLauncher.cpp: K_tdr_launch(grid, block, shmem, stream, K's
/// parameters) for a kernel the split transform left unchanged beside its
/// plans (S): runs K or the plan (over per-path lists where there is one),
/// chosen by timing the first launches of each bucket; K where one buffer
/// is passed as a parameter S reads before the branch and one it writes.
/// The launch sites after K rewritten to it, as cudaLauncher's.
CudaLaunches cudaSplitLauncher(clang::ASTContext &Ctx,
                               const clang::FunctionDecl *K,
                               const KernelSequence &S, const KernelText &T,
                               bool WithSupport, bool External);

struct SplitLauncher {
  bool Written = false;
  unsigned Sites = 0; // launches that now call it
  std::string Note;   // why there is none, or sites left as they were
};
/// cudaSplitLauncher's launcher after K, its launch sites and the shared
/// host code, into E.
SplitLauncher addSplitLauncher(clang::ASTContext &Ctx,
                               const clang::FunctionDecl *K,
                               const KernelSequence &S, bool WithSupport,
                               bool External, EditList &E);

// Shared by the launchers.
/// The host code every launcher of a file shares (CudaChoiceSupport.cpp).
const char *cudaChoiceSupport();
/// Where the shared host code goes: Inline (text to start the launcher
/// with) or Out.Support at Out.SupportAt; nothing unless WithSupport.
/// False, with Out.Note, when it has no place.
bool placeChoiceSupport(const clang::ASTContext &Ctx,
                        const clang::FunctionDecl *K, bool WithSupport,
                        CudaLaunches &Out, std::string &Inline);
/// The launcher's parameters after the configuration (", " and K's, as
/// written, defaults included; an unnamed one gets a name of tdrc's, one
/// written by a macro its type as Clang prints it) and K's arguments; false
/// when a parameter with a default comes from a macro (then say NoLauncher).
bool launcherParams(const clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                    std::string &Params, std::string &Args);
extern const char *const NoLauncher;
/// The text of a token range as written (a whole macro invocation's where
/// R is one); empty where it cannot be spelled.
std::string source(const clang::ASTContext &Ctx, clang::SourceRange R);
/// Code written for the device: a kernel, or a function declared
/// __device__.  Clang makes lambdas implicitly __host__ __device__; a launch
/// in one (a host thread's body) is host code.
bool isDeviceCode(const clang::FunctionDecl &F);
/// isDeviceCode as a matcher: `unless(hasAncestor(functionDecl(
/// deviceCode())))` keeps host code.
AST_MATCHER(clang::FunctionDecl, deviceCode) { return isDeviceCode(Node); }
/// CudaHostUses.cpp: `cudaFuncSetAttribute(K, attr, v)` in host code after
/// K (the kept original's launcher in place) rewritten to set the
/// attribute on K_tdr_original too, as the program meant (the shared
/// memory the rewrite adds can make the call fail for K alone); the
/// references to K those calls hold.
llvm::DenseSet<const clang::Expr *>
rewriteAttributeCalls(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                      const KernelText &T, CudaLaunches &Out);
/// CudaLaunchEx.cpp: Launcher(config, K's parameters), the launcher of
/// `cudaLaunchKernelEx(config, K, args...)` (Prologue: the choice's lines
/// up to tdr_l, as K_tdr_launch's); and the calls after K's definition
/// rewritten to Launcher, into Out.Sites, the references to K they held
/// into Handled.
std::string exLauncher(const clang::FunctionDecl *K,
                       const std::string &Launcher, const std::string &Params,
                       const std::string &Prologue, const std::string &Args);
unsigned rewriteExSites(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                        const KernelText &T, const std::string &Launcher,
                        CudaLaunches &Out,
                        llvm::DenseSet<const clang::Expr *> &Handled);
/// K named in host code other than by a `<<<>>>` launch or in Handled
/// (cudaLaunchKernel, a pointer): where, on Out.Note.
void noteOtherUses(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                   const llvm::DenseSet<const clang::Expr *> &Handled,
                   CudaLaunches &Out);
/// "static inline void L(dim3 tdr_grid, ..., cudaStream_t tdr_stream" +
/// Params + ")\n{\n" (External: `void`, callable from other files).
std::string launcherHead(const std::string &Launcher, bool External,
                         const std::string &Params);
/// The launcher's bucket (`tdr_key`: grid, block, dynamic shared memory,
/// then Extra, ", (double)(arg)" each) and its `tdr_l = tdr_kernel.begin(
/// Pays, ...)`, as lines of its body.
std::string bucketKey(const std::string &Extra);
std::string beginLaunch(const std::string &Pays);
/// L's launch sites and shared host code (not the launcher) into E.
void applySites(const CudaLaunches &L, EditList &E);
/// The launches `K<<<...>>>(...)` after K's definition, as calls of
/// Launcher, into Out.Sites; those that cannot be are counted in Out.Note,
/// which ends with Unchanged (what they still run).
void rewriteLaunchSites(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                        const KernelText &T, const std::string &Launcher,
                        llvm::StringRef Unchanged, CudaLaunches &Out);

} // namespace tdrc

#endif
