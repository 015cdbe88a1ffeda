//===- MemoryAccesses.cpp - Which private variables and global memory a kernel writes ===//
//
// Part of KernelAnalyses: the private variables written after their
// declaration (they cannot be recomputed from IDs), and the statements that
// may read or write global memory (a transform that moves work across a
// barrier must fence what they touch).
//
//===----------------------------------------------------------------------===//
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace tdrc {

namespace {

/// Records every private variable that is written after its declaration.
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  explicit WriteCollector(KernelAnalyses &S) : S(S) {}
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      mark(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      mark(UO->getSubExpr());
    return true;
  }
  // C++: a callee may change what a non-const reference binds; a reference
  // variable is another name of its object.
  bool VisitCallExpr(CallExpr *CE) {
    forEachMutableRefArg(CE, [&](const Expr *A) { mark(A); });
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getType()->isReferenceType() && V->getInit())
      mark(V->getInit());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *IC) {
    // An array decaying to a pointer can be written through it.
    if (IC->getCastKind() == CK_ArrayToPointerDecay)
      if (!isa_and_nonnull<ArraySubscriptExpr>(S.PM.getParent(IC)))
        mark(IC->getSubExpr());
    return true;
  }

private:
  void mark(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (true) {
      if (auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return;
        E = ME->getBase()->IgnoreParenImpCasts();
      } else if (auto *VE = dyn_cast<ExtVectorElementExpr>(E)) {
        E = VE->getBase()->IgnoreParenImpCasts();
      } else if (auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
        const Expr *B = AS->getBase()->IgnoreParenImpCasts();
        if (!B->getType()->isArrayType() &&
            !(isa<ArraySubscriptExpr>(B) && B->getType()->isArrayType()))
          return; // a store through a pointer
        E = B;
      } else {
        break;
      }
    }
    if (auto *DR = dyn_cast<DeclRefExpr>(E))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        S.Written.insert(V);
  }
  KernelAnalyses &S;
};

/// Finds writes that may reach global memory: stores through pointers that
/// are not private, atomics, image/vector stores, and calls of helpers that
/// take pointers (conservatively).
class GlobalWriteCollector : public RecursiveASTVisitor<GlobalWriteCollector> {
public:
  explicit GlobalWriteCollector(KernelAnalyses &S) : S(S) {}
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && mayBeGlobal(BO->getLHS()))
      S.GlobalWrites.push_back(BO);
    return true;
  }
  // Any access of global memory (reads included): a read before a remap and
  // a write after it may touch the same word from two work-items.
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    noteAccess(E);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (E->isArrow())
      noteAccess(E);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_Deref)
      noteAccess(UO);
    if (UO->isIncrementDecrementOp() && mayBeGlobal(UO->getSubExpr()))
      S.GlobalWrites.push_back(UO);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && calleeName(FD).starts_with("vload"))
      S.GlobalAccesses.push_back(CE);
    bool Writes = !FD;
    if (FD && userDefinition(FD)) {
      for (const ParmVarDecl *P : FD->parameters())
        Writes |= P->getType()->isPointerType();
    } else if (FD) {
      StringRef N = calleeName(FD);
      Writes = classifyCallee(FD) == BuiltinKind::Atomic ||
               N.starts_with("vstore") || N.starts_with("write_image") ||
               (S.Ctx.getLangOpts().CUDA && cudaBuiltinWritesMemory(N));
    }
    if (Writes) {
      S.GlobalWrites.push_back(CE);
      S.GlobalAccesses.push_back(CE);
    }
    return true;
  }

private:
  void noteAccess(const Expr *E) {
    LangAS AS = E->getType().getAddressSpace();
    if (AS != LangAS::opencl_local && AS != LangAS::opencl_private &&
        AS != LangAS::opencl_constant && mayBeGlobal(E) &&
        !throughConstRestrictParam(E))
      S.GlobalAccesses.push_back(E);
  }

  /// p[i], *p or p->f where p is a `const T *restrict` kernel parameter: no
  /// write in the kernel can touch that memory, so reading it is no hazard.
  static bool throughConstRestrictParam(const Expr *E) {
    const Expr *Base = nullptr;
    if (auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      Base = AS->getBase();
    else if (auto *UO = dyn_cast<UnaryOperator>(E))
      Base = UO->getSubExpr();
    else if (auto *ME = dyn_cast<MemberExpr>(E))
      Base = ME->getBase();
    auto *DR = Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
    auto *P = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
    if (!P || !P->getType()->isPointerType())
      return false;
    return P->getType().isRestrictQualified() &&
           P->getType()->getPointeeType().isConstQualified();
  }

  /// The lvalue is not a private or local variable (or a part of one).
  bool mayBeGlobal(const Expr *LHS) {
    LangAS AS = LHS->getType().getAddressSpace();
    if (AS == LangAS::opencl_local || AS == LangAS::opencl_private)
      return false;
    const Expr *E = storageRoot(LHS);
    if (auto *DR = dyn_cast<DeclRefExpr>(E))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        return isGlobalMemoryVar(V);
    return true;
  }
  KernelAnalyses &S;
};

} // namespace

void collectWrites(KernelAnalyses &S) {
  WriteCollector W(S);
  W.TraverseStmt(const_cast<CompoundStmt *>(S.Body));
}

void collectGlobalWrites(KernelAnalyses &S) {
  GlobalWriteCollector C(S);
  C.TraverseStmt(const_cast<CompoundStmt *>(S.Body));
}

} // namespace tdrc
