//===- UnifyLegality.cpp - May a statement run twice for one item? --------===//
//
// Branch path unification learns each item's path by running the prefix
// (the statements before the branch) and the condition, and runs the prefix
// again before the path.  That is the same computation twice only where the
// prefix changes nothing but the work-item's own variables: no store to
// memory, no atomic, no print, no helper that does any of these.  (The
// kernel's parameters count as its own: they are restored before each run.)
//
//===----------------------------------------------------------------------===//
#include "UnifyPlan.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace tdrc {

namespace {

class RepeatScanner : public RecursiveASTVisitor<RepeatScanner> {
public:
  RepeatScanner(KernelAnalyses &A, llvm::DenseSet<const FunctionDecl *> &Seen,
                bool NoWrites)
      : A(A), Seen(Seen), NoWrites(NoWrites) {}

  std::optional<std::string> Reason;

  bool VisitBinaryOperator(BinaryOperator *B) {
    return !B->isAssignmentOp() || target(B->getLHS(), B->getOperatorLoc());
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    return !U->isIncrementDecrementOp() ||
           target(U->getSubExpr(), U->getOperatorLoc());
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    return !C->isAssignmentOp() || C->getNumArgs() == 0 ||
           target(C->getArg(0), C->getOperatorLoc());
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return fail("it calls through a function pointer at " +
                  A.loc(CE->getBeginLoc()));
    if (const FunctionDecl *Def = userDefinition(Callee)) {
      for (const ParmVarDecl *P : Def->parameters())
        if (P->getType()->isReferenceType() &&
            !P->getType().getNonReferenceType().isConstQualified())
          return fail("the helper '" + Def->getNameAsString() +
                      "' called at " + A.loc(CE->getBeginLoc()) +
                      " takes a reference it may write");
      if (!Seen.insert(Def).second)
        return true;
      RepeatScanner Inner(A, Seen, false);
      Inner.TraverseStmt(Def->getBody());
      return Inner.Reason ? fail(*Inner.Reason) : true;
    }
    std::string Name = calleeName(Callee).lower();
    for (const char *Effect : {"store", "write", "atom", "printf", "barrier",
                               "fence", "sync", "prefetch"})
      if (Name.find(Effect) != std::string::npos)
        return fail("it calls '" + calleeName(Callee).str() + "' at " +
                    A.loc(CE->getBeginLoc()));
    return true;
  }

private:
  bool fail(std::string Why) {
    if (!Reason)
      Reason = std::move(Why);
    return false;
  }

  /// An assignment's target: a private variable, or an element, member or
  /// vector component of one (not memory a pointer points to).
  bool target(const Expr *E, SourceLocation At) {
    if (NoWrites)
      return fail("it writes a variable at " + A.loc(At));
    for (;;) {
      E = E->IgnoreParenImpCasts();
      if (auto *AS = dyn_cast<ArraySubscriptExpr>(E);
          AS && AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()) {
        E = AS->getBase();
        continue;
      }
      if (auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
        E = ME->getBase();
        continue;
      }
      if (auto *VE = dyn_cast<ExtVectorElementExpr>(E)) { // p.y, v.xz
        E = VE->getBase();
        continue;
      }
      break;
    }
    if (auto *DR = dyn_cast<DeclRefExpr>(E))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl());
          V && V->hasLocalStorage() && isThreadPrivateVar(V) &&
          !V->getType()->isReferenceType())
        return true;
    return fail("it writes memory at " + A.loc(At));
  }

  KernelAnalyses &A;
  llvm::DenseSet<const FunctionDecl *> &Seen;
  bool NoWrites; // not even a private variable (a condition)
};

} // namespace

std::optional<std::string> whyNotRepeatable(KernelAnalyses &A, const Stmt *S,
                                            bool NoWrites) {
  llvm::DenseSet<const FunctionDecl *> Seen;
  RepeatScanner Scanner(A, Seen, NoWrites);
  Scanner.TraverseStmt(const_cast<Stmt *>(S));
  return Scanner.Reason;
}

} // namespace tdrc
