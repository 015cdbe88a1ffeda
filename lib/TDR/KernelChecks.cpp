//===- KernelChecks.cpp - Reasons not to touch a kernel at all -------------===//
#include "PlannerImpl.h"
#include "tdrc/TDR/OpenCLBuiltins.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tdrc {

namespace {

/// Finds the first thing in a function (and its callees) that remapping
/// cannot preserve.
class KernelScanner : public RecursiveASTVisitor<KernelScanner> {
public:
  KernelScanner(PlannerState &S, const FunctionDecl *FD, bool IsKernel,
                llvm::DenseSet<const FunctionDecl *> &Seen)
      : S(S), FD(FD), IsKernel(IsKernel), Seen(Seen) {}

  std::optional<std::string> Reason;

  bool VisitGotoStmt(GotoStmt *G) {
    return fail("it uses goto at " + S.loc(G->getGotoLoc()));
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *G) {
    return fail("it uses goto at " + S.loc(G->getGotoLoc()));
  }
  bool VisitAsmStmt(AsmStmt *A) {
    return fail("it uses inline assembly at " + S.loc(A->getAsmLoc()));
  }

  bool VisitNamedDecl(NamedDecl *ND) {
    // tdrc's own state lives under this prefix; a clash would miscompile, and
    // an already-rewritten kernel is recognised this way (idempotence).
    if (IsKernel && ND->getName().starts_with("tdr_"))
      return fail("it already uses the name '" + ND->getNameAsString() +
                  "' (the tdr_ prefix is reserved for tdrc; an already "
                  "rewritten kernel is left as it is)");
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return fail("it calls through a function pointer at " +
                  S.loc(CE->getBeginLoc()));
    if (const FunctionDecl *Def = Callee->getDefinition();
        Def && Def->hasBody()) {
      if (!Seen.insert(Def).second)
        return true;
      KernelScanner Inner(S, Def, false, Seen);
      Inner.TraverseStmt(Def->getBody());
      if (Inner.Reason)
        return fail(*Inner.Reason);
      return true;
    }
    StringRef Name = Callee->getName();
    switch (classifyBuiltin(Name)) {
    case BuiltinKind::Collective:
      return fail("it calls the collective '" + Name.str() + "' at " +
                  S.loc(CE->getBeginLoc()) +
                  " (regrouping work-items would change its result)");
    case BuiltinKind::WorkItemLinearId:
      return fail("it calls '" + Name.str() + "' at " + S.loc(CE->getBeginLoc()) +
                  " (not redirected yet)");
    case BuiltinKind::WorkItemId:
      return workItemId(CE, Name);
    default:
      return true;
    }
  }

private:
  bool fail(std::string Why) {
    if (!Reason)
      Reason = std::move(Why);
    return false;
  }

  bool workItemId(CallExpr *CE, StringRef Name) {
    if (!IsKernel)
      return fail("helper '" + FD->getNameAsString() + "' calls '" +
                  Name.str() + "' at " + S.loc(CE->getBeginLoc()) +
                  " (pass the ID as an argument so remapping can redirect it)");
    if (CE->getBeginLoc().isMacroID() || CE->getEndLoc().isMacroID())
      return fail("'" + Name.str() + "' at " + S.loc(CE->getBeginLoc()) +
                  " is spelled inside a macro");
    std::optional<llvm::APSInt> Dim =
        CE->getNumArgs() == 1
            ? CE->getArg(0)->getIntegerConstantExpr(S.Ctx)
            : std::nullopt;
    if (!Dim || Dim->isNegative() || Dim->getExtValue() > 2)
      return fail("'" + Name.str() + "' at " + S.loc(CE->getBeginLoc()) +
                  " takes a dimension that is not a constant 0, 1 or 2");
    unsigned D = unsigned(Dim->getExtValue());
    S.Plan.Dims = std::max(S.Plan.Dims, D + 1);
    S.Plan.IdCalls.push_back(CE);
    return true;
  }

  PlannerState &S;
  const FunctionDecl *FD;
  bool IsKernel;
  llvm::DenseSet<const FunctionDecl *> &Seen;
};

/// Records every private variable that is written after its declaration.
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  explicit WriteCollector(PlannerState &S) : S(S) {}
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
  PlannerState &S;
};

/// Finds writes that may reach global memory: stores through pointers that
/// are not private, atomics, image/vector stores, and calls of helpers that
/// take pointers (conservatively).
class GlobalWriteCollector : public RecursiveASTVisitor<GlobalWriteCollector> {
public:
  explicit GlobalWriteCollector(PlannerState &S) : S(S) {}
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
    if (FD && FD->getName().starts_with("vload"))
      S.GlobalAccesses.push_back(CE);
    bool Writes = !FD;
    if (FD && FD->hasBody()) {
      for (const ParmVarDecl *P : FD->parameters())
        Writes |= P->getType()->isPointerType();
    } else if (FD) {
      StringRef N = FD->getName();
      Writes = classifyBuiltin(N) == BuiltinKind::Atomic ||
               N.starts_with("vstore") || N.starts_with("write_image");
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
    const Expr *E = LHS->IgnoreParenImpCasts();
    while (true) {
      if (auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
        E = ME->getBase()->IgnoreParenImpCasts();
      else if (auto *VE = dyn_cast<ExtVectorElementExpr>(E))
        E = VE->getBase()->IgnoreParenImpCasts();
      else if (auto *AS2 = dyn_cast<ArraySubscriptExpr>(E);
               AS2 && AS2->getBase()->IgnoreParenImpCasts()->getType()
                          ->isArrayType())
        E = AS2->getBase()->IgnoreParenImpCasts();
      else
        break;
    }
    if (auto *DR = dyn_cast<DeclRefExpr>(E))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        return V->getType().getAddressSpace() == LangAS::opencl_global;
    return true;
  }
  PlannerState &S;
};

} // namespace

void collectGlobalWrites(PlannerState &S) {
  GlobalWriteCollector C(S);
  C.TraverseStmt(const_cast<CompoundStmt *>(S.Body));
}

std::optional<std::string> checkKernel(PlannerState &S) {
  llvm::DenseSet<const FunctionDecl *> Seen;
  KernelScanner Scanner(S, S.Kernel, true, Seen);
  Scanner.TraverseStmt(const_cast<CompoundStmt *>(S.Body));
  if (Scanner.Reason) {
    S.Plan.IdCalls.clear();
    return Scanner.Reason;
  }
  if (S.Body->getLBracLoc().isMacroID() || S.Body->getRBracLoc().isMacroID())
    return std::string("the kernel body is spelled inside a macro");
  return std::nullopt;
}

void collectWrites(PlannerState &S) {
  WriteCollector W(S);
  W.TraverseStmt(const_cast<CompoundStmt *>(S.Body));
}

} // namespace tdrc
