//===- KernelList.cpp - The kernels of a file, and calls of them ----------===//
#include "KernelList.h"
#include "tdrc/TDR/Dialect.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace tdrc {

namespace {
class Collector : public MatchFinder::MatchCallback {
public:
  KernelList L;
  void run(const MatchFinder::MatchResult &R) override {
    if (auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn")) {
      if (isKernelFunction(FD))
        L.Kernels.push_back(FD);
      return;
    }
    auto *CE = R.Nodes.getNodeAs<CallExpr>("call");
    const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
    if (Callee && llvm::any_of(Callee->redecls(), isKernelFunction))
      L.CalledAt.try_emplace(Callee->getCanonicalDecl(), CE);
  }
};
} // namespace

KernelList listKernels(ASTContext &Ctx) {
  MatchFinder Finder;
  Collector C;
  Finder.addMatcher(
      functionDecl(isDefinition(), isExpansionInMainFile()).bind("fn"), &C);
  // Not a CUDA launch (`k<<<g, b>>>(...)`), which is a CallExpr too.
  Finder.addMatcher(callExpr(unless(cudaKernelCallExpr())).bind("call"), &C);
  Finder.matchAST(Ctx);
  return std::move(C.L);
}

} // namespace tdrc
