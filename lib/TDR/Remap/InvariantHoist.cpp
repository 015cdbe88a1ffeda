//===- InvariantHoist.cpp - A round before the loop its branch is fixed in -===//
//
// A branch inside a loop whose conditions read only private values that the
// loop never changes takes the same path at every iteration, so one regroup
// before the loop gives every iteration the grouping that a round at the
// branch would build again each time (a password-rule kernel's loop over
// its rules around `if (key & 1)`: four rounds become one).  The branch
// keeps its conditions: they read the state that moved with its work-item.
//
// A loop qualifies when:
//  - it is a for or while with a condition, and only blocks and such loops
//    lie between it and the branch (no if: the round would evaluate a
//    condition that the original might never reach);
//  - the branch is an if (or else-if chain) whose conditions have no side
//    effects and read no memory: they are evaluated before the loop even
//    when it runs no iteration, and a private value can be read anywhere;
//  - nothing in the loop, its header included, may change what they read,
//    and no return or goto leaves it (Fragments' hoistBlocker over it);
//  - no other data-dependent branch of the loop could get a round of its
//    own there, which would undo the grouping at every iteration.
//
// Not in a bounds guard inside a loop (a grid-stride loop's): PoCL 3.1
// computed wrong results there.
//
// The planner places the round before the outermost such loop that
// placeBranch accepts; loops inside it need not be uniform any more, since
// the round's barrier is outside them.
//
//===----------------------------------------------------------------------===//
#include "PlannerImpl.h"

using namespace clang;

namespace tdrc {

namespace {

/// The loop's body, or null when P is no for/while with a condition.
const Stmt *bodyOfLoop(const Stmt *P) {
  if (auto *F = dyn_cast<ForStmt>(P))
    return F->getCond() ? F->getBody() : nullptr;
  if (auto *W = dyn_cast<WhileStmt>(P))
    return W->getConditionVariable() ? nullptr : W->getBody();
  return nullptr;
}

/// Another data-dependent if or switch in Loop, outside M's branch.
bool otherDivergentBranch(PlannerState &S, const Stmt *Loop,
                          const PathMember &M) {
  std::vector<const Stmt *> Work{Loop};
  while (!Work.empty()) {
    const Stmt *St = Work.back();
    Work.pop_back();
    if (St == M.Branch)
      continue;
    if (isa<IfStmt, SwitchStmt>(St) && S.condDep(St) == Dep::Data)
      return true;
    for (const Stmt *C : St->children())
      if (C)
        Work.push_back(C);
  }
  return false;
}

} // namespace

std::vector<const Stmt *> invariantLoops(PlannerState &S, const PathMember &M,
                                         const std::vector<RemapRound> &Rounds) {
  std::vector<const Stmt *> Out;
  if (!S.Opts.HoistRounds || !isa<IfStmt>(M.Branch) ||
      conditionsReadMemory(M))
    return Out;
  const Stmt *Child = M.Branch;
  for (const Stmt *P = S.PM.getParent(Child); P && P != S.Body;
       Child = P, P = S.PM.getParent(P)) {
    if (isa<CompoundStmt>(P))
      continue;
    if (bodyOfLoop(P) != Child)
      break;
    // The rounds' check covers those otherDivergentBranch may not see
    // (a pragma's or --force's round on a branch that is not data-dependent).
    if (hoistBlocker(S, M, {P}) || otherDivergentBranch(S, P, M) ||
        llvm::any_of(Rounds, [&](const RemapRound &R) {
          return R.BeforeLoop == P || S.contains(P, R.Branch);
        }))
      break;
    Out.push_back(P);
  }
  // A guard in a loop's body (a grid-stride loop's): PoCL 3.1 miscompiles a
  // round before a loop there when another round follows (wrong output;
  // right on Oclgrind), so the rounds stay at their branches.
  bool InIf = false;
  for (const Stmt *P = S.PM.getParent(M.Branch); P && P != S.Body;
       P = S.PM.getParent(P)) {
    InIf |= isa<IfStmt>(P);
    if (InIf && isa<ForStmt, WhileStmt, DoStmt>(P))
      return {};
  }
  return Out;
}

} // namespace tdrc
