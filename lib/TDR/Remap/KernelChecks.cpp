//===- KernelChecks.cpp - Reasons not to touch a kernel at all -------------===//
#include "PlannerImpl.h"
#include "../WorkPool/HelperClones.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/Explanation.h"
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
                llvm::DenseSet<const FunctionDecl *> &Seen, HelperGraph &G)
      : S(S), FD(FD), IsKernel(IsKernel), Seen(Seen), G(G) {}

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
      G.Calls.push_back({FD, CE, Def});
      if (!Seen.insert(Def).second)
        return true;
      KernelScanner Inner(S, Def, false, Seen, G);
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
      // A thread block's rank in the kernel body: the flat local ID; its
      // index: the three local IDs as a dim3.
      if (IsKernel && (Name == "thread_rank" || Name == "thread_index") &&
          S.Ctx.getLangOpts().CUDA && !CE->getBeginLoc().isMacroID() &&
          !CE->getEndLoc().isMacroID()) {
        bool Index = Name == "thread_index";
        S.Plan.IdRefs.push_back({CE, false, 0, !Index, Index});
        if (Index)
          S.Plan.Dims = 3;
        return true;
      }
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
    if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
      return fail(spelledInMacro("'" + Name + "' at " +
                                 S.loc(E->getBeginLoc())));
    if (!IsKernel) { // through a clone of the helper (HelperClones.h)
      G.Reads.push_back({FD, {E, PoolIdRef::CudaThreadIdx, Dim}, Name});
      return true;
    }
    S.Plan.Dims = std::max(S.Plan.Dims, Dim + 1);
    S.Plan.IdRefs.push_back({E, false, Dim});
    return true;
  }

  bool workItemId(CallExpr *CE, StringRef Name) {
    if (CE->getBeginLoc().isMacroID() || CE->getEndLoc().isMacroID())
      return fail(spelledInMacro("'" + Name.str() + "' at " +
                                 S.loc(CE->getBeginLoc())));
    std::optional<llvm::APSInt> Dim =
        CE->getNumArgs() == 1
            ? CE->getArg(0)->getIntegerConstantExpr(S.Ctx)
            : std::nullopt;
    if (!Dim || Dim->isNegative() || Dim->getExtValue() > 2)
      return fail("'" + Name.str() + "' at " + S.loc(CE->getBeginLoc()) +
                  " takes a dimension that is not a constant 0, 1 or 2");
    unsigned D = unsigned(Dim->getExtValue());
    bool Global = Name == "get_global_id";
    if (!IsKernel) { // through a clone of the helper (HelperClones.h)
      G.Reads.push_back({FD,
                         {CE, Global ? PoolIdRef::GlobalId : PoolIdRef::LocalId,
                          D},
                         Name.str()});
      return true;
    }
    S.Plan.Dims = std::max(S.Plan.Dims, D + 1);
    S.Plan.IdRefs.push_back({CE, Global, D});
    return true;
  }

  PlannerState &S;
  const FunctionDecl *FD;
  bool IsKernel;
  llvm::DenseSet<const FunctionDecl *> &Seen;
  HelperGraph &G; // the ID reads in helpers, the calls of helpers
  /// Built-in variables read through .x/.y/.z (not as a whole).
  llvm::DenseSet<const DeclRefExpr *> Members;
};

} // namespace

std::optional<std::string> checkKernel(PlannerState &S) {
  llvm::DenseSet<const FunctionDecl *> Seen;
  HelperGraph G;
  KernelScanner Scanner(S, S.Kernel, true, Seen, G);
  Scanner.TraverseStmt(const_cast<CompoundStmt *>(S.Body));
  auto Helpers = std::make_shared<ClonedHelpers>();
  if (!Scanner.Reason)
    Scanner.Reason = planHelperClones(S.A, G, *Helpers, S.Plan.Dims, true);
  if (!Scanner.Reason && !Helpers->empty())
    S.Plan.Helpers = std::move(Helpers);
  if (Scanner.Reason) {
    S.Plan.IdRefs.clear();
    return Scanner.Reason;
  }
  if (S.Body->getLBracLoc().isMacroID() || S.Body->getRBracLoc().isMacroID())
    return spelledInMacro("the kernel body");
  return std::nullopt;
}

} // namespace tdrc
