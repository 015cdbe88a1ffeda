//===- CudaHostUses.cpp - CUDA: a kernel named in host code, not launched -===//
//
// Host code names a kernel outside `<<<>>>` too: its address passed to
// cudaLaunchKernel or kept in a table (those launches cannot choose), and
// cudaFuncSetAttribute, which programs call to raise a kernel's dynamic
// shared memory limit before launching it with more than 48 KiB.  That
// call names the rewrite; the kept original needs the same limit, and the
// rewrite's own shared memory can make the call fail for it alone.
//
//===----------------------------------------------------------------------===//
#include "CudaLauncher.h"
#include "tdrc/Rewriter/KeepOriginal.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace tdrc {

namespace {

/// References to K in host code.
auto hostRefsTo(const std::string &N) {
  return declRefExpr(to(functionDecl(hasName(N))),
                     unless(hasAncestor(functionDecl(deviceCode()))));
}

} // namespace

llvm::DenseSet<const Expr *> rewriteAttributeCalls(ASTContext &Ctx,
                                                   const FunctionDecl *K,
                                                   const KernelText &T,
                                                   CudaLaunches &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string N = K->getNameAsString();
  llvm::DenseSet<const Expr *> Handled;
  auto Calls = match(
      findAll(callExpr(callee(functionDecl(hasName("cudaFuncSetAttribute"))),
                       argumentCountIs(3),
                       hasArgument(0, ignoringParenCasts(
                                          hostRefsTo(N).bind("k"))))
                  .bind("c")),
      Ctx);
  llvm::DenseSet<unsigned> At;
  for (const BoundNodes &B : Calls) {
    const auto *C = B.getNodeAs<CallExpr>("c");
    const auto *Ref = B.getNodeAs<DeclRefExpr>("k");
    SourceLocation Begin = C->getBeginLoc(), End = C->getRParenLoc();
    if (Begin.isMacroID() || End.isMacroID() || !SM.isInMainFile(Begin) ||
        SM.getFileOffset(Begin) < T.End || Ref->hasQualifier() ||
        !At.insert(SM.getFileOffset(Begin)).second)
      continue; // before K's launcher, or not plain text: a use as any
    std::string Attr = source(Ctx, C->getArg(1)->getSourceRange()),
                Value = source(Ctx, C->getArg(2)->getSourceRange());
    if (Attr.empty() || Value.empty())
      continue;
    Out.Sites.push_back(
        {{SM.getFileOffset(Begin), SM.getFileOffset(End) + 1},
         "tdr_choice::tdr_func_set_attribute((const void *)" + N +
             ", (const void *)" + originalKernelName(N) + ", " + Attr + ", " +
             Value + ")"});
    Handled.insert(Ref);
    ++Out.AttributeSites;
  }
  if (Out.AttributeSites)
    Out.Note += (Out.Note.empty() ? "" : "; ") +
                std::to_string(Out.AttributeSites) +
                " cudaFuncSetAttribute call(s) set '" + originalKernelName(N) +
                "' too";
  return Handled;
}

void noteOtherUses(ASTContext &Ctx, const FunctionDecl *K,
                   const llvm::DenseSet<const Expr *> &Handled,
                   CudaLaunches &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string N = K->getNameAsString();
  llvm::DenseSet<const Expr *> Skip(Handled.begin(), Handled.end());
  for (const BoundNodes &B :
       match(findAll(cudaKernelCallExpr().bind("l")), Ctx))
    Skip.insert(B.getNodeAs<CUDAKernelCallExpr>("l")->getCallee()
                    ->IgnoreImpCasts());
  llvm::DenseSet<unsigned> RefAt;
  std::string Where;
  unsigned Uses = 0;
  for (const BoundNodes &B : match(findAll(hostRefsTo(N).bind("r")), Ctx)) {
    const auto *R = B.getNodeAs<DeclRefExpr>("r");
    const auto *F = dyn_cast<FunctionDecl>(R->getDecl());
    if (!F || F->getCanonicalDecl() != K->getCanonicalDecl() || Skip.count(R))
      continue;
    SourceLocation L = SM.getFileLoc(R->getBeginLoc());
    if (!RefAt.insert(L.getRawEncoding()).second)
      continue;
    if (Uses++ < 3)
      Where += (Where.empty() ? "" : ", ") +
               std::to_string(SM.getSpellingLineNumber(L)) + ":" +
               std::to_string(SM.getSpellingColumnNumber(L));
  }
  if (Uses)
    Out.Note += (Out.Note.empty() ? "" : "; ") + std::to_string(Uses) +
                " other use(s) of '" + N + "' in host code (" + Where +
                (Uses > 3 ? ", ..." : "") +
                ": cudaLaunchKernel, cudaFuncSetAttribute, a pointer): "
                "they see the rewrite";
}

} // namespace tdrc
