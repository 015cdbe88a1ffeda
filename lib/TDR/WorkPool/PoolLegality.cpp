//===- PoolLegality.cpp - May a kernel's work-items run in any order? -----===//
//
// Dynamic work assignment runs a work-group's items one after another in
// whichever work-item is free, and items of other work-groups in this one.
// That keeps the results only where items do not talk to each other: no
// barrier or collective (they would wait for items that run later in the
// same work-item), no local memory (it belongs to the physical work-group),
// no atomic whose result the item uses (the order it sees would change) and
// no floating-point atomics (their rounding depends on the order).  Every
// read of the work-item's identity must be one the emitter can redirect: in
// the kernel itself, not in a macro, or in a helper that can be cloned
// (HelperClones.cpp) where the transform does that.
//
//===----------------------------------------------------------------------===//
#include "PoolPlan.h"
#include "HelperClones.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SetVector.h"

using namespace clang;

namespace tdrc {

namespace {

bool pointsToLocal(QualType T) {
  return T->isPointerType() &&
         T->getPointeeType().getAddressSpace() == LangAS::opencl_local;
}

class IndependenceScanner : public RecursiveASTVisitor<IndependenceScanner> {
public:
  IndependenceScanner(KernelAnalyses &A, PoolPlan &P, const FunctionDecl *FD,
                      bool IsKernel, llvm::DenseSet<const FunctionDecl *> &Seen,
                      bool Redirect, HelperGraph &G)
      : A(A), P(P), FD(FD), IsKernel(IsKernel), Seen(Seen), Redirect(Redirect),
        G(G) {}

  std::optional<std::string> Reason;

  bool VisitGotoStmt(GotoStmt *G) {
    return fail("it uses goto at " + A.loc(G->getGotoLoc()));
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *G) {
    return fail("it uses goto at " + A.loc(G->getGotoLoc()));
  }
  bool VisitAsmStmt(AsmStmt *S) {
    return fail("it uses inline assembly at " + A.loc(S->getAsmLoc()));
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    return fail("it defines a lambda at " + A.loc(L->getBeginLoc()));
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *F) {
    return fail("it uses a range-based for loop at " + A.loc(F->getBeginLoc()));
  }

  bool VisitNamedDecl(NamedDecl *ND) {
    if (Redirect && IsKernel && ND->getIdentifier() &&
        ND->getName().starts_with("tdr_"))
      return fail("it already uses the name '" + ND->getNameAsString() +
                  "' (the tdr_ prefix is reserved for tdrc)");
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *DR) {
    if (CudaVarRef R = cudaBuiltinVar(DR);
        Redirect && (R.Var == CudaVar::ThreadIdx || R.Var == CudaVar::BlockIdx) &&
        !Members.count(DR))
      return fail("it uses " + std::string(cudaVarName(R.Var)) +
                  " as a whole at " + A.loc(DR->getBeginLoc()));
    auto *V = dyn_cast<VarDecl>(DR->getDecl());
    if (!V)
      return true;
    if (isSharedMemoryVar(V) || pointsToLocal(V->getType()))
      return fail("it uses " + std::string(A.Kernel->getASTContext()
                                               .getLangOpts()
                                               .CUDA
                                           ? "shared"
                                           : "local") +
                  " memory ('" + V->getNameAsString() + "' at " +
                  A.loc(DR->getBeginLoc()) +
                  "), which belongs to the physical work-group");
    return true;
  }

  // CUDA: threadIdx and blockIdx name the item; the rest is uniform.
  bool VisitPseudoObjectExpr(PseudoObjectExpr *E) {
    CudaVarRef R = cudaBuiltinVar(E);
    if (!R)
      return true;
    Members.insert(R.Ref);
    if (R.Var == CudaVar::ThreadIdx)
      return idRef(E, PoolIdRef::CudaThreadIdx, unsigned(R.Dim),
                   cudaVarName(R.Var));
    if (R.Var == CudaVar::BlockIdx)
      return idRef(E, PoolIdRef::CudaBlockIdx, unsigned(R.Dim),
                   cudaVarName(R.Var));
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return fail("it calls through a function pointer at " +
                  A.loc(CE->getBeginLoc()));
    if (auto *MD = dyn_cast<CXXMethodDecl>(Callee);
        MD && !MD->isStatic() && !MD->isTrivial() && userDefinition(MD))
      return fail("it calls the member function '" +
                  MD->getQualifiedNameAsString() + "' at " +
                  A.loc(CE->getBeginLoc()));
    if (const FunctionDecl *Def = userDefinition(Callee)) {
      G.Calls.push_back({FD, CE, Def});
      if (!Seen.insert(Def).second)
        return true;
      IndependenceScanner Inner(A, P, Def, false, Seen, Redirect, G);
      Inner.TraverseStmt(Def->getBody());
      return Inner.Reason ? fail(*Inner.Reason) : true;
    }
    StringRef Name = calleeName(Callee);
    std::string At = "'" + Name.str() + "' at " + A.loc(CE->getBeginLoc());
    if (Name == "printf")
      return fail("it prints (" + At + "): the order of its lines would change");
    switch (classifyCallee(Callee)) {
    case BuiltinKind::Barrier:
      return fail("it synchronizes its work-group (" + At +
                  "): its items would wait for items that run later");
    case BuiltinKind::Collective:
      return fail("it calls the collective " + At +
                  " (its result depends on which items run together)");
    case BuiltinKind::WorkItemLinearId:
      return !Redirect || fail("it calls " + At + " (not redirected yet)");
    case BuiltinKind::Atomic:
      return atomic(CE, Name, At);
    case BuiltinKind::WorkItemId:
      return queryId(CE, Name,
                     Name == "get_global_id" ? PoolIdRef::GlobalId
                                             : PoolIdRef::LocalId);
    default:
      if (Name == "get_group_id")
        return queryId(CE, Name, PoolIdRef::GroupId);
      return true;
    }
  }

private:
  bool fail(std::string Why) {
    if (!Reason)
      Reason = std::move(Why);
    return false;
  }


  bool atomic(const CallExpr *CE, StringRef Name, const std::string &At) {
    std::string N = Name.lower();
    for (const char *Order : {"xchg", "exchange", "compare", "cas", "load",
                              "store", "flag", "malloc", "free"})
      if (N.find(Order) != std::string::npos)
        return fail("it calls " + At +
                    ", whose effect depends on the order of the items");
    if (CE->getNumArgs() > 0) {
      QualType T = CE->getArg(0)->IgnoreImpCasts()->getType();
      if (T->isPointerType() && !T->getPointeeType()->isIntegerType() &&
          !T->getPointeeType()->isAtomicType())
        return fail("it calls " + At +
                    " on a value that is not an integer (the result would "
                    "round differently in another order)");
    }
    if (valueUsed(A.Ctx, CE))
      return fail("it uses the result of " + At +
                  " (the value an item sees depends on the order of items)");
    return true;
  }

  bool idRef(const Expr *E, PoolIdRef::Kind K, unsigned Dim, StringRef Name) {
    if (!Redirect)
      return true;
    if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
      return fail(spelledInMacro("'" + Name.str() + "' at " +
                                 A.loc(E->getBeginLoc())));
    if (!IsKernel) { // redirected through a clone of the helper, if at all
      G.Reads.push_back({FD, {E, K, Dim}, Name.str()});
      return true;
    }
    P.Ids.push_back({E, K, Dim});
    P.Dims = std::max(P.Dims, Dim + 1);
    return true;
  }

  bool queryId(const CallExpr *CE, StringRef Name, PoolIdRef::Kind K) {
    std::optional<llvm::APSInt> Dim =
        CE->getNumArgs() == 1 ? CE->getArg(0)->getIntegerConstantExpr(A.Ctx)
                              : std::nullopt;
    if (!Dim || Dim->isNegative() || Dim->getExtValue() > 2)
      return fail("'" + Name.str() + "' at " + A.loc(CE->getBeginLoc()) +
                  " takes a dimension that is not a constant 0, 1 or 2");
    return idRef(CE, K, unsigned(Dim->getExtValue()), Name);
  }

  KernelAnalyses &A;
  PoolPlan &P;
  const FunctionDecl *FD;
  bool IsKernel;
  llvm::DenseSet<const FunctionDecl *> &Seen;
  bool Redirect; // the IDs will be redirected: every read must be editable
  HelperGraph &G; // the ID reads in helpers, the calls of helpers
  llvm::DenseSet<const DeclRefExpr *> Members;
};

} // namespace

std::optional<std::string> checkItemsIndependent(KernelAnalyses &A,
                                                 PoolPlan &P, bool Redirect,
                                                 bool CloneHelpers) {
  llvm::DenseSet<const FunctionDecl *> Seen;
  HelperGraph G;
  IndependenceScanner Scanner(A, P, A.Kernel, true, Seen, Redirect, G);
  Scanner.TraverseStmt(const_cast<CompoundStmt *>(A.Body));
  if (!Scanner.Reason)
    Scanner.Reason = planHelperClones(A, G, P.Helpers, P.Dims, CloneHelpers);
  if (!Scanner.Reason)
    for (const ParmVarDecl *Parm : A.Kernel->parameters())
      if (pointsToLocal(Parm->getType()))
        return "its parameter '" + Parm->getNameAsString() +
               "' is local memory, which belongs to the physical work-group";
  if (Scanner.Reason) {
    P.Ids.clear();
    P.Helpers = ClonedHelpers();
  } else
    P.ResetParams = possiblyWrittenParams(A.Ctx, A.Kernel);
  return Scanner.Reason;
}

std::vector<const ParmVarDecl *> possiblyWrittenParams(ASTContext &Ctx,
                                                       const FunctionDecl *K) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ASTContext &Ctx;
    llvm::SetVector<const ParmVarDecl *> Written;
    explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}
    bool VisitDeclRefExpr(DeclRefExpr *DR) {
      auto *PV = dyn_cast<ParmVarDecl>(DR->getDecl());
      if (!PV || PV->getType().isConstQualified() || Written.count(PV))
        return true;
      // Read as a value: the reference (or a member of it, a parenthesised
      // one) is converted to an rvalue, or an array to a pointer.  Anything
      // else may write it.
      DynTypedNode Node = DynTypedNode::create(*DR);
      const ImplicitCastExpr *Cast = nullptr;
      for (;;) {
        DynTypedNodeList Parents = Ctx.getParents(Node);
        if (Parents.empty())
          break;
        const auto *ME = Parents[0].get<MemberExpr>();
        if ((ME && !ME->isArrow()) || Parents[0].get<ParenExpr>()) {
          Node = Parents[0];
          continue;
        }
        Cast = Parents[0].get<ImplicitCastExpr>();
        break;
      }
      if (!Cast || (Cast->getCastKind() != CK_LValueToRValue &&
                    Cast->getCastKind() != CK_ArrayToPointerDecay))
        Written.insert(PV);
      return true;
    }
  } F(Ctx);
  F.TraverseStmt(K->getBody());
  return {F.Written.begin(), F.Written.end()};
}

} // namespace tdrc
