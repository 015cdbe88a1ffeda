//===- RemapPlanner.cpp - Which branches of a kernel get a remap round -----===//
#include "PlannerImpl.h"
#include "tdrc/TDR/Transform.h"
#include "FeedbackCode.h"
#include "tdrc/TDR/MemorySpace.h"
#include "tdrc/TDR/Remap/RemapCode.h"
#include "tdrc/TDR/PathShapes.h"
#include "tdrc/TDR/PathVector.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <functional>
#include <map>

using namespace clang;

namespace tdrc {

PlannerState::PlannerState(KernelAnalyses &A, const PlannerOptions &O)
    : A(A), Ctx(A.Ctx), Kernel(A.Kernel), Body(A.Body), Opts(O), TD(A.TD),
      PM(A.PM), Written(A.Written), GlobalWrites(A.GlobalWrites),
      GlobalAccesses(A.GlobalAccesses) {
  Plan.Kernel = A.Kernel;
}

namespace {

void collectBranches(const Stmt *S, std::vector<const Stmt *> &Out) {
  if (!S)
    return;
  if (isa<IfStmt, SwitchStmt, ForStmt, WhileStmt, DoStmt>(S))
    Out.push_back(S);
  for (const Stmt *C : S->children())
    collectBranches(C, Out);
}

/// Static local memory the kernel itself declares.
/// The kernel's own __local declarations: their bytes, and whether there
/// are any (Plan.DeclaresLocal).
unsigned ownLocalBytes(PlannerState &S) {
  unsigned Bytes = 0;
  std::vector<const Stmt *> Work{S.Body};
  while (!Work.empty()) {
    const Stmt *St = Work.back();
    Work.pop_back();
    if (auto *DS = dyn_cast<DeclStmt>(St))
      for (const Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D))
          if (isSharedMemoryVar(V)) {
            S.Plan.DeclaresLocal = true;
            if (!V->getType()->isIncompleteType())
              Bytes += unsigned(
                  S.Ctx.getTypeSizeInChars(V->getType()).getQuantity());
          }
    for (const Stmt *C : St->children())
      if (C)
        Work.push_back(C);
  }
  return Bytes;
}

} // namespace

KernelPlan planKernel(ASTContext &Ctx, const FunctionDecl *Kernel,
                      const PlannerOptions &Opts) {
  KernelAnalyses A(Ctx, Kernel);
  return planKernel(A, Opts);
}

namespace {

/// planKernel's phases, in order: the work-group bound, one pass over the
/// branches that forms rounds, their fences and strategies, state
/// migration and regions, the budget, profitability, and --explain.
class RoundPlanner {
public:
  RoundPlanner(KernelAnalyses &A, const PlannerOptions &Opts)
      : S(A, Opts), P(S.Plan), Dirs(Opts.Directives) {}

  KernelPlan run() {
    workGroupBound();
    KernelReason = checkKernel(S);
    if (Dirs)
      if (auto It = Dirs->Off.find(S.Kernel); It != Dirs->Off.end())
        KernelReason = "'#pragma tdr off' at " + S.loc(It->second);
    std::vector<const Stmt *> Branches;
    collectBranches(S.Body, Branches);
    for (const Stmt *B : Branches)
      consider(B);
    fencesAndStrategies();
    P.KeyType = switchKeyType(S.Ctx, P.Rounds);
    migrateState();
    // Local memory and occupancy: adjust, or cancel rounds, until they fit.
    unsigned Own = std::max(ownLocalBytes(S), S.Opts.KernelSmem);
    fitBudget(S, Own, [&](size_t I, const std::string &Why) {
      decline(P.Rounds.begin() + std::ptrdiff_t(I), Why);
    });
    judge();
    // Regions whose rounds were all declined need no emission; recompute
    // the surviving regions' hoisting (it depends on the surviving rounds).
    for (unsigned I = 0; I < P.Regions.size(); ++I)
      finishRegion(S, I);
    cutRounds(S);
    explain();
    if (!P.rewrites())
      P.IdRefs.clear();
    return std::move(P);
  }

private:
  void workGroupBound();
  /// One branch or loop, in source order: a new round, a member of the open
  /// one, or an entry saying why not.
  void consider(const Stmt *B);
  /// Joins B (a member M) to the open round, or starts a round with it.
  void addToRounds(const Stmt *B, const PathMember &M,
                   const BranchDirective *BD,
                   const std::function<void(const std::string &)> &Decline);
  void fencesAndStrategies();
  /// Liveness and migration per round, then the regions as a whole.
  void migrateState();
  /// Profitability: decline rounds that cannot pay for themselves, guard
  /// those whose gain depends on kernel arguments.  --force skips the
  /// model; `#pragma tdr target` keeps its round whatever the model says.
  void judge();
  void explain();
  std::vector<RemapRound>::iterator
  decline(std::vector<RemapRound>::iterator It, std::string Why);
  void claim(const RemapRound &R) {
    for (const PathMember &M : R.Members) {
      Claimed.insert(M.Branch);
      for (size_t I = 1; I < M.Chain.size(); ++I)
        ChainHead[M.Chain[I]] = M.Chain[0];
    }
  }

  PlannerState S;
  KernelPlan &P;
  const TdrDirectives *Dirs;
  std::optional<std::string> KernelReason;
  std::vector<Explanation> Declined;
  std::map<const IfStmt *, const IfStmt *> ChainHead; // else-if -> its head
  // Nested branches that stayed out of their enclosing round, and why.
  llvm::DenseMap<const Stmt *, std::string> NotJoined;
  // Why a round's head did not join the round before it.
  llvm::DenseMap<const Stmt *, std::string> NewFragment;
  llvm::DenseSet<const Stmt *> Claimed; // members other than heads
  llvm::DenseMap<const Stmt *, std::string> ProfitNote;
  llvm::DenseMap<const Stmt *, std::optional<Estimate>> Profit;
  int Open = -1; // the round that later branches of its block may join
};

void RoundPlanner::workGroupBound() {
  P.FeedbackNeighbors = S.Opts.FeedbackNeighbors;
  WorkGroupBound B = tdrc::workGroupBound(S.Kernel, S.Opts.MaxWorkGroupSize);
  P.MaxWorkGroupSize = B.Size;
  P.FixedWorkGroupSize = B.Fixed;
  P.LaunchBounds = B.LaunchBounds;
}

void RoundPlanner::consider(const Stmt *B) {
  Dep D = S.condDep(B);
  if (isa<ForStmt, WhileStmt, DoStmt>(B)) {
    // Loops inside a divergent branch only inherit its divergence.
    bool InDivergent = false;
    for (const Stmt *Up = S.PM.getParent(B); Up; Up = S.PM.getParent(Up))
      InDivergent |= isa<IfStmt, SwitchStmt>(Up) && S.condDep(Up) == Dep::Data;
    if (D == Dep::Data && !InDivergent)
      Declined.push_back(declined(
          S, B, "loop: trip count is data-dependent; not a remapping target "
                "(loop-level remapping is not implemented)",
          "loop"));
    return;
  }
  const Expr *Cond = condOf(B);
  if (auto *If = dyn_cast<IfStmt>(B); If && ChainHead.count(If))
    return; // explained with its chain's head
  if (Claimed.count(B))
    return; // explained with its round
  const BranchDirective *BD = Dirs ? Dirs->forBranch(B) : nullptr;
  auto RecordChain = [&] {
    if (auto *If = dyn_cast<IfStmt>(B))
      for (const IfStmt *C : elseIfChain(If))
        if (C != If)
          ChainHead[C] = If;
  };
  std::string Why = describeDep(S, Cond);
  if (BD && !BD->allows("remap")) {
    RecordChain();
    std::string T = "left to other transforms by '#pragma tdr transforms' "
                    "at " + S.loc(BD->Loc) + " (" + Why + ")";
    Explanation E = declined(S, B, T);
    E.Reason = "'#pragma tdr transforms' at " + S.loc(BD->Loc) +
               " does not allow remap";
    P.Explain.push_back(E);
    return;
  }
  if (BD && BD->Skip) {
    RecordChain();
    Explanation E = declined(S, B,
                             "skipped by '#pragma tdr skip' at " +
                                 S.loc(BD->Loc) + " (" + Why + ")");
    E.Reason = "skipped by '#pragma tdr skip' at " + S.loc(BD->Loc);
    P.Explain.push_back(E);
    return;
  }
  bool Targeted = BD && BD->Target;
  if (D == Dep::Uniform || (D == Dep::ThreadId && !Targeted)) {
    // An ID-only condition may well diverge (`(i & k) == 0`), but moving
    // data between work-items cannot change it: melding may still take it.
    std::string T = (D == Dep::Uniform ? "not divergent: "
                                       : "not a remapping target: ") +
                    Why;
    if (D == Dep::ThreadId)
      T += " (it may diverge, but remapping moves data, not IDs)";
    if (Targeted)
      T += "; '#pragma tdr target' at " + S.loc(BD->Loc) +
           " ignored: a uniform branch cannot diverge";
    Explanation E = declined(S, B, T);
    E.Reason = D == Dep::Uniform ? "not divergent" : "depends only on IDs";
    P.Explain.push_back(E);
    return;
  }
  RecordChain();
  if (D != Dep::Data)
    Why = "forced by '#pragma tdr target' at " + S.loc(BD->Loc) + "; " + Why;
  if (S.Opts.Claims)
    if (llvm::StringRef Owner = S.Opts.Claims->owner(B);
        !Owner.empty() && Owner != "remap") {
      Declined.push_back(declined(S, B,
                                  "divergent (" + Why + ") but the '" +
                                      Owner.str() + "' transform changes it",
                                  "branch",
                                  "the '" + Owner.str() +
                                      "' transform changes it"));
      return;
    }
  auto Decline = [&](const std::string &Reason) {
    Declined.push_back(
        declined(S, B, "divergent (" + Why + ") but " + Reason, "branch", Reason));
  };
  if (KernelReason) {
    Decline("the kernel is left unchanged: " + *KernelReason);
    return;
  }
  PathMember M;
  if (auto Reason = makeMember(S, B, M)) {
    Decline(*Reason);
    return;
  }
  addToRounds(B, M, BD, Decline);
}

void RoundPlanner::addToRounds(
    const Stmt *B, const PathMember &M, const BranchDirective *BD,
    const std::function<void(const std::string &)> &Decline) {
  if (Open >= 0) {
    RemapRound &R = P.Rounds[unsigned(Open)];
    std::optional<std::string> Blocker = joinBlocker(S, R, B);
    if (!Blocker) { // one fragment: a new digit of the open round
      R.Members.push_back(M);
      layoutPaths(R);
      addNestedMembers(S, R, unsigned(R.Members.size() - 1), NotJoined);
      claim(R);
      return;
    }
    if (S.PM.getParent(B) == S.PM.getParent(R.Branch))
      NewFragment[B] = *Blocker;
  }
  // Before the outermost loop its conditions are fixed in, if it can be
  // placed there; else before the branch.
  int Region = -1;
  const Stmt *BeforeLoop = nullptr;
  std::vector<const Stmt *> Loops = invariantLoops(S, M, P.Rounds);
  for (auto L = Loops.rbegin(); L != Loops.rend() && !BeforeLoop; ++L)
    if (!placeBranch(S, *L, Region))
      BeforeLoop = *L;
  if (!BeforeLoop)
    if (auto Reason = placeBranch(S, B, Region)) {
      if (auto It = NotJoined.find(B); It != NotJoined.end())
        *Reason += " (it cannot join that branch's round: " + It->second + ")";
      Decline(*Reason);
      return;
    }
  RemapRound R;
  R.Branch = B;
  R.BeforeLoop = BeforeLoop;
  R.Chain = M.Chain;
  R.Members.push_back(M);
  R.Region = Region;
  R.Neighbors = BD && BD->Neighbors ? *BD->Neighbors : S.Opts.Neighbors;
  layoutPaths(R);
  addNestedMembers(S, R, 0, NotJoined);
  claim(R);
  P.Rounds.push_back(R);
  // Later branches of the loop's body cannot share a round before it.
  Open = BeforeLoop ? -1 : int(P.Rounds.size() - 1);
}

void RoundPlanner::fencesAndStrategies() {
  for (RemapRound &R : P.Rounds) {
    // Every member's conditions are evaluated before the remap barrier.
    std::vector<const Expr *> Early;
    for (const PathMember &M : R.Members)
      for (const Expr *C : memberConditions(M))
        Early.push_back(C);
    R.GlobalFence = needsGlobalFence(S, R, Early);
    // A joined member's condition that reads memory of any kind (the
    // conservative rule that predates the access-based one above).
    for (unsigned M = 1; M < R.Members.size(); ++M)
      R.GlobalFence |=
          conditionsReadMemory(R.Members[M]) && !S.GlobalWrites.empty();
    const BranchDirective *BD = Dirs ? Dirs->forBranch(R.Branch) : nullptr;
    R.Algo = chooseAlgorithm(S, R, BD && BD->Algo ? BD->Algo : std::nullopt);
    if (R.Algo == Algorithm::Ballot)
      R.Neighbors = WarpSize; // a group is a warp
  }
}

std::vector<RemapRound>::iterator
RoundPlanner::decline(std::vector<RemapRound>::iterator It, std::string Why) {
  Declined.push_back(declined(
      S, It->Branch,
      "divergent (" + describeDep(S, condOf(It->Branch)) + ") but " + Why,
      "branch", Why));
  for (size_t M = 1; M < It->Members.size(); ++M)
    Declined.push_back(declined(S, It->Members[M].Branch,
                                "divergent, evaluated with the branch at " +
                                    S.loc(It->Branch->getBeginLoc()) +
                                    ", which is left unchanged"));
  return P.Rounds.erase(It);
}

void RoundPlanner::migrateState() {
  LiveState LS(S);
  for (auto It = P.Rounds.begin(); It != P.Rounds.end();)
    if (auto Why = LS.planMigration(*It))
      It = decline(It, *Why);
    else
      ++It;
  for (unsigned I = 0; I < P.Regions.size(); ++I)
    if (auto Why = finishRegion(S, I))
      for (auto It = P.Rounds.begin(); It != P.Rounds.end();)
        It = It->Region == int(I) ? decline(It, *Why) : std::next(It);
}

void RoundPlanner::judge() {
  for (auto It = P.Rounds.begin(); !S.Opts.Force && It != P.Rounds.end();) {
    ProfitVerdict V = judgeProfit(S, *It);
    It->EstimatedGain = V.Net - V.Estimated.Cost;
    if (V.Keep)
      It->Gain = V.Gain;
    Profit[It->Branch] = V.Estimated;
    const BranchDirective *BD = Dirs ? Dirs->forBranch(It->Branch) : nullptr;
    bool Target = BD && BD->Target;
    if (!V.Keep && !Target) {
      size_t At = Declined.size();
      It = decline(It, "it does not pay: it " + V.Explain);
      Declined[At].Profit = V.Estimated;
      continue;
    }
    if (!V.Keep)
      ProfitNote[It->Branch] =
          "does not pay (it " + V.Explain + "), kept: #pragma tdr target";
    else if (!V.PaysIf.empty() && Target)
      ProfitNote[It->Branch] = V.Explain.substr(0, V.Explain.find(" (")) +
                               ", not checked: #pragma tdr target";
    else {
      It->PaysIf = V.PaysIf;
      ProfitNote[It->Branch] = V.Explain;
    }
    ++It;
  }
}

void RoundPlanner::explain() {
  unsigned Index = 0;
  for (RemapRound &R : P.Rounds) {
    R.Index = ++Index;
    for (const PathMember &M : R.Members)
      for (size_t I = 1; I < M.Chain.size(); ++I)
        P.Explain.push_back(chainMember(
            S, R, M.Chain[I],
            "path " + std::to_string(I) + " of the else-if chain at " +
                S.loc(M.Branch->getBeginLoc()) + " (round " +
                std::to_string(R.Index) + ")"));
    std::string Head = "divergent (" + describeDep(S, condOf(R.Branch)) +
                       "); " + describeRound(S, R);
    if (auto It = NewFragment.find(R.Branch); It != NewFragment.end())
      Head += "; a new fragment: " + It->second;
    if (auto It = ProfitNote.find(R.Branch); It != ProfitNote.end())
      Head += "; " + It->second;
    P.Explain.push_back(remapped(S, R, R.Branch, Head, Profit[R.Branch]));
    for (unsigned M = 1; M < R.Members.size(); ++M)
      P.Explain.push_back(
          remapped(S, R, R.Members[M].Branch, describeMember(S, R, M), {}));
  }
  for (Explanation &E : Declined)
    P.Explain.push_back(std::move(E));
  if (std::string Note = feedbackNote(P); !Note.empty())
    P.Explain.push_back(kernelNote(S.Kernel->getLocation(), Note));
  for (auto &[Member, Head] : ChainHead) {
    bool Remapped = false;
    for (const RemapRound &R : P.Rounds)
      for (const PathMember &M : R.Members)
        Remapped |= M.Branch == Head;
    if (!Remapped)
      P.Explain.push_back(declined(S, Member,
                                   "part of the else-if chain at " +
                                       S.loc(Head->getBeginLoc()) +
                                       ", left unchanged with it",
                                   "chain-member",
                                   "its chain's head is left unchanged"));
  }
  std::sort(P.Explain.begin(), P.Explain.end(),
            [&](const Explanation &A, const Explanation &B) {
              return S.before(A.Loc, B.Loc);
            });
}

} // namespace

KernelPlan planKernel(KernelAnalyses &A, const PlannerOptions &Opts) {
  return RoundPlanner(A, Opts).run();
}

} // namespace tdrc
