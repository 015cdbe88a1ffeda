//===- UnifyPlanner.cpp - Where a kernel's work splits on its data --------===//
//
// The planner looks for the first if (or else-if chain) at the top level of
// the kernel body whose condition depends on data, not counting guards (an
// if whose only statement is a return: it stays in the prefix), or at the
// top level of a guard block (`if (x < w) { ... }` on IDs and uniform
// values, the body's last statement).  Items must
// be independent (the dwa transform's rule, WorkPool/PoolLegality.cpp;
// helpers that read an ID that changes per item get clones taking it), the
// prefix and the conditions repeatable (UnifyLegality.cpp), and every return
// outside loops and switches (it becomes the end of the item).  Anything
// else leaves the kernel as it was, with the reason in --explain.
//
//===----------------------------------------------------------------------===//
#include "UnifyPlan.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/PathShapes.h"
#include "tdrc/TDR/StmtCollect.h"
#include "tdrc/TDR/Transform.h"

using namespace clang;

namespace tdrc {

namespace {

/// Most paths one work-item tracks (one bit mask per path).
constexpr unsigned MaxPaths = 8;

bool isGuard(const IfStmt *If) {
  return !If->getElse() && isReturnOnly(If->getThen());
}

class UnifyShape {
public:
  UnifyShape(KernelAnalyses &A, UnifyPlan &P) : A(A), P(P) {}
  std::optional<std::string> plan();

private:
  std::optional<std::string> returns(const Stmt *S, bool Nested);
  std::optional<std::string> chain();

  KernelAnalyses &A;
  UnifyPlan &P;
};

std::optional<std::string> UnifyShape::returns(const Stmt *S, bool Nested) {
  if (!S)
    return std::nullopt;
  if (auto *R = dyn_cast<ReturnStmt>(S)) {
    if (Nested)
      return "the return at " + A.loc(R->getReturnLoc()) +
             " sits inside a loop or switch (it could not end the item)";
    P.Returns.push_back(R);
  }
  bool Inner = Nested || isa<ForStmt, WhileStmt, DoStmt, SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (auto Why = returns(C, Inner))
      return Why;
  return std::nullopt;
}

std::optional<std::string> UnifyShape::chain() {
  ChainPaths C = chainPaths(P.Branch);
  if (C.NotPlain)
    return "the if at " + A.loc(C.NotPlain->getIfLoc()) +
           " declares a variable or is not a plain if";
  for (const Expr *Cond : C.Conds)
    if (auto Why = whyNotRepeatable(A, Cond, /*NoWrites=*/true))
      return "its condition cannot be tested apart from its path: " + *Why;
  P.Conds = std::move(C.Conds);
  P.Arms = std::move(C.Arms);
  if (P.Arms.size() > MaxPaths)
    return "the chain has " + std::to_string(P.Arms.size()) +
           " paths (at most " + std::to_string(MaxPaths) + ")";
  return std::nullopt;
}

std::optional<std::string> UnifyShape::plan() {
  PoolPlan Items; // the dwa transform's rule for independent items
  Items.Kernel = A.Kernel;
  Items.Body = A.Body;
  if (auto Why = checkItemsIndependent(A, Items, /*Redirect=*/true,
                                       /*CloneHelpers=*/true))
    return Why;
  for (const PoolIdRef &Id : Items.Ids)
    if (changesPerItem(Id))
      P.Ids.push_back(Id);
  // Helpers that read only the IDs an item shares with its work-item (the
  // local ID, the other dimensions) need no clone.
  for (const HelperClone &C : Items.Helpers.Clones)
    if (llvm::any_of(C.Takes, changesPerItem)) {
      P.Helpers = std::move(Items.Helpers);
      break;
    }
  if (P.Ids.empty() && P.Helpers.empty())
    return std::string("the kernel reads no ID that differs between the "
                       "items of one work-item (a global or group ID along "
                       "dimension 0), itself or in a helper");
  P.ResetParams = std::move(Items.ResetParams);
  if (!A.spelledInFile(A.Body) || !A.spelledInFile(P.Branch) ||
      (P.Guard && !A.spelledInFile(P.Guard)))
    return std::string("the kernel body or the branch is spelled inside a "
                       "macro");
  if (auto Why = chain())
    return Why;
  if (std::optional<SourceLocation> D = A.structuralDirectiveIn(A.Body))
    return "a preprocessor directive at " + A.loc(*D) +
           " would be split or repeated by copying the statements around it";
  // The statements are copied within the kernel: a label would be defined
  // twice.
  std::vector<const LabelStmt *> Labels;
  collect(A.Body, Labels);
  if (!Labels.empty())
    return "the label '" + std::string(Labels.front()->getName()) + "' at " +
           A.loc(Labels.front()->getBeginLoc()) +
           " would be defined again by copying the statements around it";
  if (P.Guard)
    if (auto Why = whyNotRepeatable(A, P.Guard->getCond(), /*NoWrites=*/true))
      return "the guard's condition runs twice per item, but " + *Why;
  bool After = false;
  auto Part = [&](const Stmt *S) -> std::optional<std::string> {
    if (S == P.Branch || S == P.Guard) {
      After = S == P.Branch;
      return std::nullopt;
    }
    if (!After) {
      if (auto Why = whyNotRepeatable(A, S))
        return "the statements before the branch run twice per item, "
               "but " + *Why;
    } else if (!isa<NullStmt>(S) && !isReturnOnly(S)) {
      P.SuffixWorks = true;
    }
    return std::nullopt;
  };
  for (const Stmt *S : A.Body->body())
    if (auto Why = Part(S))
      return Why;
  if (P.Guard)
    for (const Stmt *S : P.Scope->body())
      if (auto Why = Part(S))
        return Why;
  return returns(A.Body, false);
}

/// The first data-dependent if at the top level of S that is no guard.
const IfStmt *firstDataBranch(KernelAnalyses &A, const CompoundStmt *S) {
  for (const Stmt *C : S->body())
    if (auto *If = dyn_cast<IfStmt>(C);
        If && !isGuard(If) && A.condDep(If) == Dep::Data)
      return If;
  return nullptr;
}

/// The body's last statement (trailing `;` and `return;` aside) when it is
/// a guard block: an if without else on IDs and uniform values whose
/// branch is a braced block.
const IfStmt *guardBlock(KernelAnalyses &A) {
  const IfStmt *If = trailingGuardBlock(A.Body);
  return If && A.condDep(If) != Dep::Data ? If : nullptr;
}

} // namespace

bool changesPerItem(const PoolIdRef &Id) {
  return Id.Dim == 0 && (Id.K == PoolIdRef::CudaBlockIdx ||
                         Id.K == PoolIdRef::GlobalId ||
                         Id.K == PoolIdRef::GroupId);
}

UnifyPlan planPathUnify(KernelAnalyses &A, const TransformOptions &O) {
  UnifyPlan P;
  P.Kernel = A.Kernel;
  P.Body = P.Scope = A.Body;
  P.Branch = firstDataBranch(A, A.Body);
  if (!P.Branch)
    if ((P.Guard = guardBlock(A))) {
      P.Scope = cast<CompoundStmt>(P.Guard->getThen());
      P.Branch = firstDataBranch(A, P.Scope);
    }
  if (!P.Branch)
    return P;
  UnifyShape Shape(A, P);
  std::optional<std::string> Why = Shape.plan();
  Explanation E;
  E.Loc = P.Branch->getIfLoc();
  E.Kind = "branch";
  E.Divergence = "data";
  E.Cause = "its condition depends on data";
  if (!Why && !O.KeepOriginal && !O.Force)
    Why = "with --keep-original=false nothing would check at launch that "
          "unifying the paths pays (--force applies it)";
  if (Why) {
    P.Reason = *Why;
    E.Reason = *Why;
    E.Text = "branch (branch path unification): " + *Why;
  } else {
    P.Changes = true;
    E.Remapped = true;
    E.Text = "branch: branch path unification (the items of up to "
             "TDR_UNIFY_GROUPS work-groups per work-item, " +
             std::to_string(P.Arms.size()) + " paths, each run for all its "
             "items in turn)";
  }
  P.Explain.push_back(std::move(E));
  return P;
}

} // namespace tdrc
