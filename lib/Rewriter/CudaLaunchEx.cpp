//===- CudaLaunchEx.cpp - CUDA: launches through cudaLaunchKernelEx -------===//
//
// Modern CUDA launches through cudaLaunchKernelEx(&config, K, args...): the
// config carries launch attributes (programmatic dependent launch, cluster
// dimensions, priority) that `<<<>>>` cannot express, so those launches
// cannot go through K_tdr_launch.  K_tdr_launch_ex takes the same config
// and K's arguments, chooses as K_tdr_launch does, and launches the chosen
// kernel through cudaLaunchKernelEx with the config as the program wrote
// it; it returns what that call returns.  A rewrite that cannot launch
// (its shared memory, an attribute it cannot take) falls back to the
// original, and the failure is not left as the program's last error.
//
//===----------------------------------------------------------------------===//
#include "CudaLauncher.h"
#include "tdrc/Rewriter/KeepOriginal.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace tdrc {

namespace {

/// The kernel an argument names: `K` or `&K`.
const DeclRefExpr *kernelRef(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParenImpCasts();
  return dyn_cast<DeclRefExpr>(E);
}

} // namespace

std::string exLauncher(const FunctionDecl *K, const std::string &Launcher,
                       const std::string &Params, const std::string &Prologue,
                       const std::string &Args) {
  std::string N = K->getNameAsString(), O = originalKernelName(N);
  std::string Launch = "(tdr_config, " + N + (Args.empty() ? "" : ", ") +
                       Args + ");\n";
  std::string LaunchO = "(tdr_config, " + O + (Args.empty() ? "" : ", ") +
                        Args + ");\n";
  return "/* tdrc: cudaLaunchKernelEx of '" + N + "' or '" + O +
         "', whichever is faster for this launch, with the program's config "
         "(--keep-original) */\n" +
         "static inline cudaError_t " + Launcher +
         "(const cudaLaunchConfig_t *tdr_config" + Params +
         ")\n{\n"
         "  const dim3 tdr_grid = tdr_config->gridDim, tdr_block = "
         "tdr_config->blockDim;\n"
         "  const size_t tdr_shmem = tdr_config->dynamicSmemBytes;\n"
         "  cudaStream_t tdr_stream = tdr_config->stream;\n" +
         Prologue +
         "  const cudaError_t tdr_before = cudaPeekAtLastError();\n"
         "  cudaError_t tdr_e = cudaSuccess;\n"
         "  bool tdr_original = !tdr_l.tdr_remapped;\n"
         "  if (tdr_l.tdr_remapped && !tdr_choice::tdr_fits((const void *)" +
         N + ", tdr_shmem)) { /* its shared memory and this launch's exceed "
             "the limit */\n"
             "    tdr_kernel.tdr_cannot_run(tdr_l, cudaErrorInvalidValue);\n"
             "    tdr_original = true;\n"
             "  } else if (tdr_l.tdr_remapped) {\n"
             "    tdr_e = cudaLaunchKernelEx" +
         Launch +
         "    if (tdr_e != cudaSuccess) { /* the rewrite could not launch: "
         "the original */\n"
         "      if (tdr_before == cudaSuccess)\n"
         "        (void)cudaGetLastError();\n"
         "      tdr_kernel.tdr_cannot_run(tdr_l, tdr_e);\n"
         "      tdr_original = true;\n    }\n  }\n"
         "  if (tdr_original) {\n"
         "    tdr_choice::tdr_allow_smem((const void *)" +
         O + ", tdr_shmem);\n    tdr_e = cudaLaunchKernelEx" + LaunchO +
         "  }\n"
         "  tdr_kernel.tdr_end(tdr_l, tdr_stream);\n"
         "  return tdr_e;\n}\n";
}

unsigned rewriteExSites(ASTContext &Ctx, const FunctionDecl *K,
                        const KernelText &T, const std::string &Launcher,
                        CudaLaunches &Out,
                        llvm::DenseSet<const Expr *> &Handled) {
  SourceText ST(Ctx);
  unsigned Sites = 0;
  llvm::DenseSet<unsigned> At;
  auto Calls = match(
      findAll(callExpr(callee(functionDecl(hasName("cudaLaunchKernelEx"))),
                       unless(hasAncestor(functionDecl(deviceCode()))))
                  .bind("c")),
      Ctx);
  for (const BoundNodes &B : Calls) {
    const auto *C = B.getNodeAs<CallExpr>("c");
    if (C->getNumArgs() != 2 + K->getNumParams())
      continue;
    const DeclRefExpr *Ref = kernelRef(C->getArg(1));
    const auto *F = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
    if (!F || F->getCanonicalDecl() != K->getCanonicalDecl() ||
        Ref->hasQualifier() || Ref->hasExplicitTemplateArgs())
      continue;
    // In the file, or in a macro's argument (`CHECK(cudaLaunchKernelEx(..))`).
    std::optional<SourceText::Range> Call = ST.range(C->getSourceRange());
    if (!Call || Call->Begin < T.End || !At.insert(Call->Begin).second)
      continue; // a use as any other (noteOtherUses)
    std::string Text = Launcher + "(";
    bool Plain = true;
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      if (I == 1)
        continue;
      std::optional<SourceText::Range> A =
          ST.range(C->getArg(I)->getSourceRange());
      Plain &= A.has_value();
      Text += (I ? ", " : "") + (A ? ST.text(*A) : std::string());
    }
    if (!Plain)
      continue;
    Out.Sites.push_back({{Call->Begin, Call->End}, Text + ")"});
    Handled.insert(Ref);
    ++Sites;
  }
  return Sites;
}

} // namespace tdrc
