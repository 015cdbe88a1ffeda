//===- KernelChecks.cpp - Reasons not to touch a kernel at all -------------===//
#include "PlannerImpl.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
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
    if (IsKernel && ND->getIdentifier() && ND->getName().starts_with("tdr_"))
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
    if (auto *MD = dyn_cast<CXXMethodDecl>(Callee);
        MD && !MD->isStatic() && !MD->isTrivial() && userDefinition(MD))
      return fail("it calls the member function '" +
                  MD->getQualifiedNameAsString() + "' at " +
                  S.loc(CE->getBeginLoc()) +
                  " (tdrc leaves classes in device code alone)");
    if (const FunctionDecl *Def = userDefinition(Callee)) {
      if (!Seen.insert(Def).second)
        return true;
      KernelScanner Inner(S, Def, false, Seen);
      Inner.TraverseStmt(Def->getBody());
      if (Inner.Reason)
        return fail(*Inner.Reason);
      return true;
    }
    StringRef Name = calleeName(Callee);
    switch (classifyCallee(Callee)) {
    case BuiltinKind::Collective:
      return fail("it calls the collective '" +
                  Callee->getQualifiedNameAsString() + "' at " +
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

  // CUDA: threadIdx.x/.y/.z are the IDs to redirect; blockIdx, blockDim,
  // gridDim and warpSize are uniform and need nothing.
  bool VisitPseudoObjectExpr(PseudoObjectExpr *E) {
    CudaVarRef R = cudaBuiltinVar(E);
    if (!R)
      return true;
    Members.insert(R.Ref);
    return R.Var != CudaVar::ThreadIdx || threadIdx(E, unsigned(R.Dim));
  }
  bool VisitDeclRefExpr(DeclRefExpr *DR) {
    CudaVarRef R = cudaBuiltinVar(DR);
    if (R.Var == CudaVar::ThreadIdx && !Members.count(DR))
      return fail("it uses threadIdx as a whole at " +
                  S.loc(DR->getBeginLoc()) +
                  " (only threadIdx.x, .y and .z are redirected)");
    return true;
  }

  // C++ in device code that the analysis does not model.
  bool VisitLambdaExpr(LambdaExpr *L) {
    return fail("it defines a lambda at " + S.loc(L->getBeginLoc()) +
                " (tdrc leaves lambdas in device code alone)");
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *F) {
    return fail("it uses a range-based for loop at " +
                S.loc(F->getBeginLoc()));
  }
  bool VisitCXXNewExpr(CXXNewExpr *N) {
    return fail("it allocates with new at " + S.loc(N->getBeginLoc()));
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    const CXXConstructorDecl *C = CE->getConstructor();
    if (C && C->isUserProvided() && userDefinition(C))
      return fail("it constructs a '" + C->getParent()->getNameAsString() +
                  "' with a user-defined constructor at " +
                  S.loc(CE->getBeginLoc()) +
                  " (tdrc leaves classes in device code alone)");
    return true;
  }

private:
  bool fail(std::string Why) {
    if (!Reason)
      Reason = std::move(Why);
    return false;
  }

  bool threadIdx(const Expr *E, unsigned Dim) {
    const char *Axis[] = {"x", "y", "z"};
    std::string Name = std::string("threadIdx.") + Axis[Dim];
    if (!IsKernel)
      return fail("helper '" + FD->getNameAsString() + "' reads '" + Name +
                  "' at " + S.loc(E->getBeginLoc()) +
                  " (pass the ID as an argument so remapping can redirect it)");
    if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
      return fail("'" + Name + "' at " + S.loc(E->getBeginLoc()) +
                  " is spelled inside a macro");
    S.Plan.Dims = std::max(S.Plan.Dims, Dim + 1);
    S.Plan.IdRefs.push_back({E, false, Dim});
    return true;
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
    S.Plan.IdRefs.push_back({CE, Name == "get_global_id", D});
    return true;
  }

  PlannerState &S;
  const FunctionDecl *FD;
  bool IsKernel;
  llvm::DenseSet<const FunctionDecl *> &Seen;
  /// Built-in variables read through .x/.y/.z (not as a whole).
  llvm::DenseSet<const DeclRefExpr *> Members;
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
    S.Plan.IdRefs.clear();
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
