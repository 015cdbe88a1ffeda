//===- RemapPlanner.cpp - Which branches of a kernel get a remap round -----===//
#include "PlannerImpl.h"
#include "FeedbackCode.h"
#include "tdrc/TDR/MemorySpace.h"
#include "tdrc/TDR/RemapCode.h"
#include "tdrc/TDR/PathShapes.h"
#include "tdrc/TDR/PathVector.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace tdrc {

bool isKernelFunction(const FunctionDecl *FD) {
  if (FD->hasAttr<CUDAGlobalAttr>())
    return true;
#if CLANG_VERSION_MAJOR >= 21
  return FD->hasAttr<DeviceKernelAttr>() && FD->getLangOpts().OpenCL;
#else
  return FD->hasAttr<OpenCLKernelAttr>();
#endif
}

PlannerState::PlannerState(ASTContext &Ctx, const FunctionDecl *K,
                           const PlannerOptions &O)
    : Ctx(Ctx), Kernel(K), Body(cast<CompoundStmt>(K->getBody())), Opts(O),
      TD(Ctx, K), PM(const_cast<CompoundStmt *>(Body)) {
  Plan.Kernel = K;
}

std::string PlannerState::loc(SourceLocation L) const {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return "<unknown>";
  return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
}

bool PlannerState::before(SourceLocation A, SourceLocation B) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                      SM.getExpansionLoc(B));
}

bool PlannerState::contains(const Stmt *Outer, const Stmt *Inner) const {
  for (const Stmt *P = Inner; P; P = PM.getParent(P))
    if (P == Outer)
      return true;
  return false;
}

bool PlannerState::spelledInFile(const Stmt *St) const {
  return Lexer::makeFileCharRange(
             CharSourceRange::getTokenRange(St->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .isValid();
}

const Expr *condOf(const Stmt *S) {
  if (auto *If = dyn_cast<IfStmt>(S))
    return If->getCond();
  if (auto *Sw = dyn_cast<SwitchStmt>(S))
    return Sw->getCond();
  if (auto *F = dyn_cast<ForStmt>(S))
    return F->getCond();
  if (auto *W = dyn_cast<WhileStmt>(S))
    return W->getCond();
  if (auto *D = dyn_cast<DoStmt>(S))
    return D->getCond();
  return nullptr;
}

Dep PlannerState::condDep(const Stmt *S) {
  const Expr *C = condOf(S);
  return C ? TD.exprDep(C).Level : Dep::Uniform;
}

[[maybe_unused]] static unsigned dimValue(unsigned V, ASTContext &) {
  return V;
}
[[maybe_unused]] static unsigned dimValue(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return 1;
  std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx);
  return V ? unsigned(V->getZExtValue()) : 0;
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

std::string spell(PlannerState &S, const Expr *E) {
  const SourceManager &SM = S.Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      S.Ctx.getLangOpts());
  std::string Text =
      R.isValid() ? Lexer::getSourceText(R, SM, S.Ctx.getLangOpts()).str() : "";
  if (Text.size() > 40)
    Text = Text.substr(0, 37) + "...";
  return Text;
}

/// Why a condition is (not) divergent, for --explain.
std::string describeDep(PlannerState &S, const Expr *Cond) {
  DepValue D = S.TD.exprDep(Cond);
  switch (D.Level) {
  case Dep::Uniform:
    return "condition is uniform across the work-group";
  case Dep::ThreadId:
    return "condition depends only on work-item IDs, sizes, arguments and "
           "constants";
  case Dep::Data:
    if (D.Origin)
      return "condition depends on '" + spell(S, D.Origin) + "' (" +
             S.loc(D.Origin->getBeginLoc()) +
             "), read at a thread-dependent address";
    return "condition depends on thread-dependent data";
  }
  return "";
}

std::string describeRound(PlannerState &S, const RemapRound &R) {
  std::string T;
  switch (R.Algo) {
  case Algorithm::DGI:
    T = "Data Group Indexing over " + std::to_string(R.Paths) + " paths (N=" +
        std::to_string(R.Neighbors) + ")";
    break;
  case Algorithm::HeadOrTail:
    T = "Head-or-Tail";
    break;
  case Algorithm::WarpHeadOrTail:
    T = "Head-or-Tail with warp-aggregated atomics";
    break;
  case Algorithm::Ballot:
    T = "ballot partition over " + std::to_string(R.Paths) +
        " paths (per warp, stable)";
    break;
  }
  T += ", round " + std::to_string(R.Index);
  if (R.Members.size() > 1)
    T += " (the path vector of " + std::to_string(R.Members.size()) +
         " branches)";
  if (R.Region >= 0) {
    const ActiveRegion &AR = S.Plan.Regions[R.Region];
    T += AR.Kind == RegionKind::Guard
             ? "; bounds guard at " + S.loc(AR.Guard->getBeginLoc()) +
                   " becomes the active predicate"
             : "; early return at " + S.loc(AR.Start->getBeginLoc()) +
                   " becomes the active predicate";
  }
  std::string Moved, Recomputed;
  for (const LiveVar &L : R.Live) {
    std::string &Out = L.How == LiveVar::Migrate ? Moved : Recomputed;
    Out += (Out.empty() ? "'" : ", '") + L.name() + "'";
  }
  T += "; migrates " + (Moved.empty() ? std::string("nothing") : Moved);
  if (R.GlobalFence)
    T += "; global fence (global memory is accessed on both sides of the remap)";
  if (!Recomputed.empty())
    T += "; recomputes " + Recomputed + " from the new ID";
  return T;
}

/// How a member other than the head joined its round, for --explain.
std::string describeMember(PlannerState &S, const RemapRound &R, unsigned M) {
  const PathMember &PM = R.Members[M];
  std::string T = "divergent (" + describeDep(S, condOf(PM.Branch)) + "); ";
  if (PM.Parent >= 0) {
    const PathMember &Up = R.Members[unsigned(PM.Parent)];
    T += "opens path " + std::to_string(PM.ParentPath) + " of the branch at " +
         S.loc(Up.Branch->getBeginLoc()) + ": nested,";
  } else {
    T += "its condition reads nothing the code from the branch at " +
         S.loc(R.Branch->getBeginLoc()) + " on may change: one fragment,";
  }
  unsigned Lo = PM.PathLo.front(), Hi = PM.PathLo.back() + PM.PathLeaves.back();
  return T + " decided in round " + std::to_string(R.Index) + " (digit " +
         std::to_string(PM.Digit) + " of its path, values " +
         std::to_string(Lo) + ".." + std::to_string(Hi - 1) + ")";
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
  PlannerState S(Ctx, Kernel, Opts);
  KernelPlan &P = S.Plan;
  P.MaxWorkGroupSize = Opts.MaxWorkGroupSize;
  P.FeedbackNeighbors = Opts.FeedbackNeighbors;
  if (auto *A = Kernel->getAttr<ReqdWorkGroupSizeAttr>()) {
    unsigned N = dimValue(A->getXDim(), Ctx) * dimValue(A->getYDim(), Ctx) *
                 dimValue(A->getZDim(), Ctx);
    if (N) {
      P.MaxWorkGroupSize = N;
      P.FixedWorkGroupSize = true;
    }
  }
  // CUDA: a launch with more threads than __launch_bounds__ allows fails.
  if (auto *A = Kernel->getAttr<CUDALaunchBoundsAttr>())
    if (std::optional<llvm::APSInt> N =
            A->getMaxThreads()->getIntegerConstantExpr(Ctx);
        N && N->isStrictlyPositive() && N->getZExtValue() <= 65536) {
      P.MaxWorkGroupSize = unsigned(N->getZExtValue());
      P.LaunchBounds = true;
    }
  S.TD.run();
  collectWrites(S);
  collectGlobalWrites(S);
  std::optional<std::string> KernelReason = checkKernel(S);

  std::vector<const Stmt *> Branches;
  collectBranches(S.Body, Branches);
  std::vector<std::pair<const Stmt *, std::string>> Declined;
  std::map<const IfStmt *, const IfStmt *> ChainHead; // else-if -> its head
  // Nested branches that stayed out of their enclosing round, and why.
  llvm::DenseMap<const Stmt *, std::string> NotJoined;
  // Why a round's head did not join the round before it.
  llvm::DenseMap<const Stmt *, std::string> NewFragment;
  llvm::DenseSet<const Stmt *> Claimed; // members other than heads
  const TdrDirectives *Dirs = Opts.Directives;
  if (Dirs)
    if (auto It = Dirs->Off.find(Kernel); It != Dirs->Off.end())
      KernelReason = "'#pragma tdr off' at " + S.loc(It->second);
  auto Claim = [&](const RemapRound &R) {
    for (const PathMember &M : R.Members) {
      Claimed.insert(M.Branch);
      for (size_t I = 1; I < M.Chain.size(); ++I)
        ChainHead[M.Chain[I]] = M.Chain[0];
    }
  };
  int Open = -1; // the round that later branches of its block may join
  for (const Stmt *B : Branches) {
    Dep D = S.condDep(B);
    if (isa<ForStmt, WhileStmt, DoStmt>(B)) {
      // Loops inside a divergent branch only inherit its divergence.
      bool InDivergent = false;
      for (const Stmt *P = S.PM.getParent(B); P; P = S.PM.getParent(P))
        InDivergent |= isa<IfStmt, SwitchStmt>(P) && S.condDep(P) == Dep::Data;
      if (D == Dep::Data && !InDivergent)
        Declined.push_back({B, "loop: trip count is data-dependent; not a "
                               "remapping target (loop-level remapping is "
                               "not implemented)"});
      continue;
    }
    const Expr *Cond = condOf(B);
    if (auto *If = dyn_cast<IfStmt>(B); If && ChainHead.count(If))
      continue; // explained with its chain's head
    if (Claimed.count(B))
      continue; // explained with its round
    const BranchDirective *BD = Dirs ? Dirs->forBranch(B) : nullptr;
    auto RecordChain = [&] {
      if (auto *If = dyn_cast<IfStmt>(B))
        for (const IfStmt *C : elseIfChain(If))
          if (C != If)
            ChainHead[C] = If;
    };
    std::string Why = describeDep(S, Cond);
    if (BD && BD->Skip) {
      RecordChain();
      P.Explain.push_back({B->getBeginLoc(), false,
                           "skipped by '#pragma tdr skip' at " +
                               S.loc(BD->Loc) + " (" + Why + ")"});
      continue;
    }
    bool Targeted = BD && BD->Target;
    if (D == Dep::Uniform || (D == Dep::ThreadId && !Targeted)) {
      std::string T = "not divergent: " + Why;
      if (Targeted)
        T += "; '#pragma tdr target' at " + S.loc(BD->Loc) +
             " ignored: a uniform branch cannot diverge";
      P.Explain.push_back({B->getBeginLoc(), false, T});
      continue;
    }
    RecordChain();
    if (D != Dep::Data)
      Why = "forced by '#pragma tdr target' at " + S.loc(BD->Loc) + "; " + Why;
    auto Decline = [&](const std::string &Reason) {
      Declined.push_back({B, "divergent (" + Why + ") but " + Reason});
    };
    if (KernelReason) {
      Decline("the kernel is left unchanged: " + *KernelReason);
      continue;
    }
    PathMember M;
    if (auto Reason = makeMember(S, B, M)) {
      Decline(*Reason);
      continue;
    }
    if (Open >= 0) {
      RemapRound &R = P.Rounds[unsigned(Open)];
      std::optional<std::string> Blocker = joinBlocker(S, R, B);
      if (!Blocker) { // one fragment: a new digit of the open round
        R.Members.push_back(M);
        layoutPaths(R);
        addNestedMembers(S, R, unsigned(R.Members.size() - 1), NotJoined);
        Claim(R);
        continue;
      }
      if (S.PM.getParent(B) == S.PM.getParent(R.Branch))
        NewFragment[B] = *Blocker;
    }
    int Region = -1;
    if (auto Reason = placeBranch(S, B, Region)) {
      if (auto It = NotJoined.find(B); It != NotJoined.end())
        *Reason += " (it cannot join that branch's round: " + It->second + ")";
      Decline(*Reason);
      continue;
    }
    RemapRound R;
    R.Branch = B;
    R.Chain = M.Chain;
    R.Members.push_back(M);
    R.Region = Region;
    R.Neighbors = BD && BD->Neighbors ? *BD->Neighbors : Opts.Neighbors;
    layoutPaths(R);
    addNestedMembers(S, R, 0, NotJoined);
    Claim(R);
    P.Rounds.push_back(R);
    Open = int(P.Rounds.size() - 1);
  }
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

  P.KeyType = switchKeyType(S.Ctx, P.Rounds);
  // Liveness and migration per round, then the regions as a whole.
  LiveState LS(S);
  auto Decline = [&](std::vector<RemapRound>::iterator It, std::string Why) {
    Declined.push_back(
        {It->Branch, "divergent (" + describeDep(S, condOf(It->Branch)) +
                         ") but " + Why});
    for (size_t M = 1; M < It->Members.size(); ++M)
      Declined.push_back({It->Members[M].Branch,
                          "divergent, evaluated with the branch at " +
                              S.loc(It->Branch->getBeginLoc()) +
                              ", which is left unchanged"});
    return P.Rounds.erase(It);
  };
  for (auto It = P.Rounds.begin(); It != P.Rounds.end();)
    if (auto Why = LS.planMigration(*It))
      It = Decline(It, *Why);
    else
      ++It;
  for (unsigned I = 0; I < P.Regions.size(); ++I)
    if (auto Why = finishRegion(S, I))
      for (auto It = P.Rounds.begin(); It != P.Rounds.end();)
        It = It->Region == int(I) ? Decline(It, *Why) : std::next(It);

  // Local memory and occupancy: adjust, or cancel rounds, until they fit.
  unsigned Own = std::max(ownLocalBytes(S), Opts.KernelSmem);
  fitBudget(S, Own, [&](size_t I, const std::string &Why) {
    Decline(P.Rounds.begin() + std::ptrdiff_t(I), Why);
  });
  // Profitability: decline rounds that cannot pay for themselves, guard
  // those whose gain depends on kernel arguments.  --force skips the model;
  // `#pragma tdr target` keeps its round whatever the model says.
  llvm::DenseMap<const Stmt *, std::string> ProfitNote;
  for (auto It = P.Rounds.begin(); !Opts.Force && It != P.Rounds.end();) {
    ProfitVerdict V = judgeProfit(S, *It);
    const BranchDirective *BD = Dirs ? Dirs->forBranch(It->Branch) : nullptr;
    bool Target = BD && BD->Target;
    if (!V.Keep && !Target) {
      It = Decline(It, "it does not pay: it " + V.Explain);
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
  // Regions whose rounds were all declined need no emission; recompute the
  // surviving regions' hoisting (it depends on the surviving rounds).
  for (unsigned I = 0; I < P.Regions.size(); ++I)
    finishRegion(S, I);

  unsigned Index = 0;
  for (RemapRound &R : P.Rounds) {
    R.Index = ++Index;
    for (const PathMember &M : R.Members)
      for (size_t I = 1; I < M.Chain.size(); ++I)
        P.Explain.push_back({M.Chain[I]->getBeginLoc(), true,
                             "path " + std::to_string(I) + " of the else-if "
                             "chain at " + S.loc(M.Branch->getBeginLoc()) +
                             " (round " + std::to_string(R.Index) + ")"});
    std::string Head = "divergent (" + describeDep(S, condOf(R.Branch)) +
                       "); " + describeRound(S, R);
    if (auto It = NewFragment.find(R.Branch); It != NewFragment.end())
      Head += "; a new fragment: " + It->second;
    if (auto It = ProfitNote.find(R.Branch); It != ProfitNote.end())
      Head += "; " + It->second;
    P.Explain.push_back({R.Branch->getBeginLoc(), true, Head});
    for (unsigned M = 1; M < R.Members.size(); ++M)
      P.Explain.push_back({R.Members[M].Branch->getBeginLoc(), true,
                           describeMember(S, R, M)});
  }
  for (auto &[B, Why] : Declined)
    P.Explain.push_back({B->getBeginLoc(), false, Why});
  if (std::string Note = feedbackNote(P); !Note.empty())
    P.Explain.push_back({Kernel->getLocation(), false, Note, true});
  for (auto &[Member, Head] : ChainHead) {
    bool Remapped = false;
    for (const RemapRound &R : P.Rounds)
      for (const PathMember &M : R.Members)
        Remapped |= M.Branch == Head;
    if (!Remapped)
      P.Explain.push_back({Member->getBeginLoc(), false,
                           "part of the else-if chain at " +
                               S.loc(Head->getBeginLoc()) +
                               ", left unchanged with it"});
  }
  std::sort(P.Explain.begin(), P.Explain.end(),
            [&](const Explanation &A, const Explanation &B) {
              return S.before(A.Loc, B.Loc);
            });
  if (!P.rewrites())
    P.IdRefs.clear();
  return P;
}

} // namespace tdrc
