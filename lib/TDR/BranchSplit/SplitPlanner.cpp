//===- SplitPlanner.cpp - Which branch of a kernel to split ---------------===//
//
// The planner looks for the first divergent if (or else-if chain) that a
// work-item reaches at most once: a statement of the body, or of the
// compound inside a guard (an if without else whose condition reads no
// data, such as `if (i < n) { ... }`), never inside a loop or a switch.  An
// if whose only statement is a return stays in the prefix.  Everything
// else is the legality's (SplitLegality.cpp) and the occupancy screen's
// (SplitModel.cpp); a kernel they refuse is left as it was, with the reason
// in --explain.
//
//===----------------------------------------------------------------------===//
#include "SplitPlan.h"
#include "tdrc/TDR/BranchSplit/BranchSplitTransform.h"
#include "tdrc/TDR/Directives.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/PathShapes.h"
#include "tdrc/TDR/Transform.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace tdrc {

namespace {

/// Most parts one kernel is split into.
constexpr unsigned MaxParts = 8;

class SplitShape {
public:
  /// Wanted: the branch `#pragma tdr split` names, the only one looked for.
  SplitShape(KernelAnalyses &A, SplitPlan &P, const Stmt *Wanted)
      : A(A), P(P), Wanted(Wanted) {}

  /// Finds the branch in C (descending into guards); the statements before
  /// it, and after each guard it is in, run in every part.
  bool find(const CompoundStmt *C);
  std::optional<std::string> chain();

private:
  bool divergent(const IfStmt *If) {
    if (Wanted)
      return If == Wanted;
    return !isReturnOnly(If->getThen()) && A.condDep(If) != Dep::Uniform;
  }
  bool holdsDivergentIf(const Stmt *S) {
    if (auto *If = dyn_cast<IfStmt>(S); If && divergent(If))
      return true;
    if (auto *C = dyn_cast<CompoundStmt>(S))
      for (const Stmt *X : C->body())
        if (holdsDivergentIf(X))
          return true;
    if (auto *If = dyn_cast<IfStmt>(S); If && !If->getElse())
      return holdsDivergentIf(If->getThen());
    return false;
  }
  /// An if without else around the branch: its condition reads no data.
  bool isGuard(const IfStmt *If) {
    return !If->getElse() && A.condDep(If) != Dep::Data &&
           isa<CompoundStmt>(If->getThen()) &&
           holdsDivergentIf(If->getThen());
  }

  KernelAnalyses &A;
  SplitPlan &P;
  const Stmt *Wanted;
};

/// The branch `#pragma tdr split` (or `transforms(split)`) names in A's
/// kernel, if any.
const Stmt *pragmaBranch(KernelAnalyses &A, const TransformOptions &O,
                         const StatementClaims &Claims) {
  if (O.Directives)
    for (const auto &[B, D] : O.Directives->Branches)
      if (A.contains(A.Body, B) && Claims.owner(B) == "split")
        return B;
  return nullptr;
}

bool SplitShape::find(const CompoundStmt *C) {
  for (auto It = C->body_begin(), E = C->body_end(); It != E; ++It) {
    auto *If = dyn_cast<IfStmt>(*It);
    bool Found = false;
    if (If && isGuard(If)) {
      size_t Before = P.EveryPart.size();
      P.EveryPart.push_back(If->getCond());
      Found = find(cast<CompoundStmt>(If->getThen()));
      if (Found) // work-items that skip the guard run what follows it
        P.EveryPart.insert(P.EveryPart.end(), std::next(It), E);
      else // the guard as a whole, below
        P.EveryPart.resize(Before);
    } else if (If && divergent(If)) {
      P.Branch = If;
      Found = true; // the statements after it run once, in the part
    }
    if (Found)
      return true;
    P.EveryPart.push_back(*It);
  }
  return false;
}

std::optional<std::string> SplitShape::chain() {
  ChainPaths C = chainPaths(P.Branch);
  if (C.NotPlain)
    return "the if at " + A.loc(C.NotPlain->getIfLoc()) +
           " declares a variable or is not a plain if";
  P.Conds = std::move(C.Conds);
  P.Arms = std::move(C.Arms);
  P.EveryPart.insert(P.EveryPart.end(), P.Conds.begin(), P.Conds.end());
  if (P.Arms.size() > MaxParts)
    return "the chain has " + std::to_string(P.Arms.size()) +
           " paths (at most " + std::to_string(MaxParts) + " parts)";
  return std::nullopt;
}

const char *divergenceName(Dep D) {
  return D == Dep::Data ? "data" : D == Dep::ThreadId ? "thread-id" : "uniform";
}

} // namespace

std::string splitPartName(llvm::StringRef K, unsigned I) {
  return (K + "__p" + llvm::Twine(I)).str();
}

std::string splitListName(llvm::StringRef K) { return (K + "__list").str(); }

std::string splitPathName(llvm::StringRef K) { return (K + "__path").str(); }

std::string splitListPartName(llvm::StringRef K, unsigned I) {
  return (K + "__w" + llvm::Twine(I)).str();
}

SplitPlan planBranchSplit(KernelAnalyses &A, const TransformOptions &O,
                          const StatementClaims &Claims) {
  SplitPlan P;
  P.Kernel = A.Kernel;
  const Stmt *Wanted = A.Body ? pragmaBranch(A, O, Claims) : nullptr;
  SplitShape Shape(A, P, Wanted);
  if (!A.Body || !Shape.find(A.Body)) {
    if (Wanted) {
      Explanation E;
      E.Loc = Wanted->getBeginLoc();
      E.Kind = "branch";
      if (auto *If = dyn_cast<IfStmt>(Wanted))
        E.Divergence = divergenceName(A.condDep(If));
      E.Reason = "'#pragma tdr split' names a branch that a work-item may "
                 "reach more than once or not on the kernel's own level (in "
                 "a loop, a switch, or another branch than a guard)";
      E.Text = "branch (branch splitting): " + E.Reason;
      P.Reason = E.Reason;
      P.Explain.push_back(std::move(E));
    }
    return P;
  }
  std::optional<std::string> Why;
  const BranchDirective *Dir =
      O.Directives ? O.Directives->forBranch(P.Branch) : nullptr;
  if (Dir && (Dir->Skip || !Dir->allows("split")))
    Why = "'#pragma tdr' on the branch leaves it to other transforms";
  else if (llvm::StringRef Owner = Claims.owner(P.Branch);
           !Owner.empty() && Owner != "split")
    Why = "'#pragma tdr transforms(" + Owner.str() +
          ")' reserves the branch for that transform";
  else if (A.Kernel->isTemplated())
    Why = "the kernel is a template (its parts would be too)";
  else if (!A.spelledInFile(A.Body) || !A.spelledInFile(P.Branch))
    Why = spelledInMacro("the kernel body or the branch");
  else if (std::optional<SourceLocation> D =
               A.structuralDirectiveIn(A.Body))
    Why = "a preprocessor directive at " + A.loc(*D) +
          " would be repeated in every part";
  if (!Why)
    Why = Shape.chain();
  if (!Why)
    Why = whySplitIllegal(A, P);
  if (!Why)
    planSplitLists(A, P);
  std::string Note;
  if (!Why && Dir && Dir->Target && (P.Forced = true))
    Note = "'#pragma tdr split' asks for it (no occupancy screen); the host "
           "measures whether the plan pays";
  else if (!Why)
    Why = whySplitCannotPay(A, O, Note);
  Explanation E;
  E.Loc = P.Branch->getIfLoc();
  E.Kind = "branch";
  E.Divergence = divergenceName(A.condDep(P.Branch));
  E.Cause = "its condition depends on " +
            std::string(A.condDep(P.Branch) == Dep::Data ? "data"
                                                         : "the work-item");
  if (Why) {
    P.Reason = *Why;
    E.Reason = *Why;
    E.Text = "branch (branch splitting): " + *Why;
  } else {
    P.Changes = true;
    E.Remapped = true;
    std::string K = A.Kernel->getNameAsString();
    E.Text = "branch: split into " + std::to_string(P.Arms.size()) +
             " path kernels (" + splitPartName(K, 0) + " .. " +
             splitPartName(K, unsigned(P.Arms.size()) - 1) +
             "), run one after another in place of '" + K +
             "', which stays as it was; " +
             (P.Lists ? "and over per-path lists (" + splitListName(K) +
                            ", then " + splitListPartName(K, 0) + " ..); "
                      : "no per-path lists: " + P.NoLists + "; ") +
             Note;
  }
  P.Explain.push_back(std::move(E));
  return P;
}

} // namespace tdrc
