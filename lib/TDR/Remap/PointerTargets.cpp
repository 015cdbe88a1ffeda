//===- PointerTargets.cpp - Where a CUDA pointer may point -----------------===//
//
// OpenCL types say whether a pointer points to private memory; CUDA's are
// generic.  A pointer that moves to another thread must not point into the
// variables of the thread it comes from, so its values are traced back
// syntactically: kernel parameters (a kernel cannot receive a pointer to a
// thread's variables), variables of static storage (__shared__, __device__,
// __constant__), null, and arithmetic on those are safe; anything else
// (a private array, a call, a load) is not.  Kernel parameters count
// with the values the kernel assigns to them.
//
//===----------------------------------------------------------------------===//
#include "PlannerImpl.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace tdrc {

namespace {

class Tracer {
public:
  explicit Tracer(PlannerState &S) : S(S) {}

  bool var(const VarDecl *V) {
    if (!isThreadPrivateVar(V))
      return true; // static storage: shared, device or constant memory
    if (!V->getType()->isPointerType())
      return false; // a private array decays to a pointer into it
    if (!Visiting.insert(V).second)
      return true; // already being traced: its other values decide
    if (isa<ParmVarDecl>(V)) {
      if (V->getDeclContext() != S.Kernel)
        return false;
    } else if (V->getInit() && !value(V->getInit())) {
      return false;
    }
    for (const Expr *E : assignedTo(V))
      if (!value(E))
        return false;
    return true;
  }

private:
  /// The right-hand sides of `V = ...` in the kernel (`V += n` and `++V`
  /// keep V's target).
  std::vector<const Expr *> assignedTo(const VarDecl *V) {
    std::vector<const Expr *> Out;
    std::vector<const Stmt *> Work{S.Body};
    while (!Work.empty()) {
      const Stmt *St = Work.back();
      Work.pop_back();
      if (auto *BO = dyn_cast<BinaryOperator>(St);
          BO && BO->getOpcode() == BO_Assign)
        if (auto *DR = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
            DR && DR->getDecl() == V)
          Out.push_back(BO->getRHS());
      for (const Stmt *C : St->children())
        if (C)
          Work.push_back(C);
    }
    return Out;
  }

  /// The object an lvalue belongs to is not a thread's own.
  bool object(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return value(AS->getBase());
    if (auto *ME = dyn_cast<MemberExpr>(E))
      return ME->isArrow() ? value(ME->getBase()) : object(ME->getBase());
    if (auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
      return value(UO->getSubExpr());
    if (auto *DR = dyn_cast<DeclRefExpr>(E))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        return !isThreadPrivateVar(V);
    return false;
  }

  /// A pointer-valued expression points outside the thread.
  bool value(const Expr *E) {
    E = E->IgnoreParens();
    if (isa<CXXNullPtrLiteralExpr, GNUNullExpr>(E))
      return true;
    if (auto *CE = dyn_cast<CastExpr>(E)) {
      switch (CE->getCastKind()) {
      case CK_NullToPointer:
        return true;
      case CK_ArrayToPointerDecay:
        return object(CE->getSubExpr());
      case CK_IntegralToPointer:
        return false;
      default:
        return value(CE->getSubExpr());
      }
    }
    if (auto *DR = dyn_cast<DeclRefExpr>(E))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        return var(V);
    if (auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Comma)
        return value(BO->getRHS());
      if (BO->isAdditiveOp())
        return value(BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                              : BO->getRHS());
      return false;
    }
    if (auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
      return object(UO->getSubExpr());
    if (auto *CO = dyn_cast<AbstractConditionalOperator>(E))
      return value(CO->getTrueExpr()) && value(CO->getFalseExpr());
    return false;
  }

  PlannerState &S;
  llvm::DenseSet<const VarDecl *> Visiting;
};

} // namespace

bool pointsOutsideThread(PlannerState &S, const VarDecl *V) {
  return Tracer(S).var(V);
}

} // namespace tdrc
