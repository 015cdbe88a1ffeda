//===- HelperBranches.cpp - Branches inside the helpers a kernel calls ----===//
#include "HelperBranches.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace tdrc {

namespace {

/// The calls of defined functions and the branches of one body.
struct BodyScan : RecursiveASTVisitor<BodyScan> {
  std::vector<std::pair<const FunctionDecl *, const CallExpr *>> Calls;
  std::vector<const Stmt *> Branches;
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      if (const FunctionDecl *Def = F->getDefinition();
          Def && Def->hasBody() && !isKernelFunction(Def))
        Calls.push_back({Def, C});
    return true;
  }
  bool VisitIfStmt(IfStmt *S) {
    if (!S->isConstexpr())
      Branches.push_back(S);
    return true;
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    Branches.push_back(S);
    return true;
  }
  bool shouldVisitLambdaBody() const { return false; }
};

} // namespace

std::vector<Explanation> helperBranchNotes(ASTContext &Ctx,
                                           const FunctionDecl *K) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceText Src(Ctx);
  std::vector<Explanation> Out;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen{K};
  // Breadth first from the kernel: a helper is reported from the first
  // call that reaches it; four levels cover real helper chains.
  std::vector<std::pair<const FunctionDecl *, const CallExpr *>> Level;
  BodyScan Top;
  Top.TraverseStmt(K->getBody());
  Level = Top.Calls;
  for (unsigned Depth = 0; Depth < 4 && !Level.empty(); ++Depth) {
    std::vector<std::pair<const FunctionDecl *, const CallExpr *>> Next;
    for (auto [F, Call] : Level) {
      if (!Seen.insert(F).second || SM.isInSystemHeader(F->getLocation()))
        continue;
      BodyScan S;
      S.TraverseStmt(F->getBody());
      for (const Stmt *B : S.Branches) {
        Explanation E;
        E.Loc = B->getBeginLoc();
        E.Kind = "branch";
        E.Reason = "in helper '" + F->getNameAsString() + "', called at " +
                   Src.where(Call->getBeginLoc()) +
                   ": tdrc changes the branches of a kernel's own body only";
        E.Text = E.Reason + " (inline the helper's branch into the kernel "
                            "for tdrc to consider it)";
        Out.push_back(std::move(E));
      }
      Next.insert(Next.end(), S.Calls.begin(), S.Calls.end());
    }
    Level = std::move(Next);
  }
  return Out;
}

} // namespace tdrc
