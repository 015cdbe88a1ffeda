//===- RemapPlanner.cpp - Which branches of a kernel get a remap round -----===//
#include "PlannerImpl.h"
#include "tdrc/TDR/RemapCode.h"
#include "tdrc/TDR/PathShapes.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace tdrc {

bool isOpenCLKernel(const FunctionDecl *FD) {
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
  std::string T =
      R.Algo == Algorithm::DGI
          ? "Data Group Indexing over " + std::to_string(R.Paths) +
                " paths (N=" + std::to_string(R.Neighbors) + "), round " +
                std::to_string(R.Index)
          : "Head-or-Tail, round " + std::to_string(R.Index);
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

/// Rebuilds the migration pools from the rounds that survived.
void rebuildPools(KernelPlan &P) {
  std::vector<unsigned> Used(P.Pools.size(), 0);
  for (RemapRound &R : P.Rounds) {
    std::vector<unsigned> Next(P.Pools.size(), 0);
    for (LiveVar &L : R.Live)
      if (L.How == LiveVar::Migrate) {
        L.FirstSlot = Next[L.Pool];
        Next[L.Pool] += L.Elements;
        Used[L.Pool] = std::max(Used[L.Pool], Next[L.Pool]);
      }
  }
  std::vector<int> NewIndex(P.Pools.size(), -1);
  std::vector<MigrationPool> Kept;
  for (unsigned I = 0; I < P.Pools.size(); ++I)
    if (Used[I]) {
      NewIndex[I] = int(Kept.size());
      Kept.push_back(P.Pools[I]);
      Kept.back().Slots = Used[I];
    }
  for (RemapRound &R : P.Rounds)
    for (LiveVar &L : R.Live)
      if (L.How == LiveVar::Migrate)
        L.Pool = unsigned(NewIndex[L.Pool]);
  P.Pools = std::move(Kept);
  P.LocalBytes = 0;
  P.MaxPaths = P.MaxDgiCounts = 0;
  for (const RemapRound &R : P.Rounds)
    if (R.Algo == Algorithm::DGI) {
      P.MaxPaths = std::max(P.MaxPaths, R.Paths);
      unsigned Keys = R.Paths + (R.Region >= 0 ? 1 : 0);
      P.MaxDgiCounts = std::max(
          P.MaxDgiCounts, Keys * dgiGroups(P.MaxWorkGroupSize, R.Neighbors));
    }
  if (!P.Rounds.empty())
    P.LocalBytes = P.MaxWorkGroupSize * 5 + 12; // ID pool, paths, counters
  if (P.MaxDgiCounts) // paths by physical ID, sub-counts
    P.LocalBytes += P.MaxWorkGroupSize + P.MaxDgiCounts * 4;
  for (const MigrationPool &MP : P.Pools)
    P.LocalBytes += MP.Slots * MP.ElementBytes * P.MaxWorkGroupSize;
}

/// Static local memory the kernel itself declares.
unsigned ownLocalBytes(PlannerState &S) {
  unsigned Bytes = 0;
  std::vector<const Stmt *> Work{S.Body};
  while (!Work.empty()) {
    const Stmt *St = Work.back();
    Work.pop_back();
    if (auto *DS = dyn_cast<DeclStmt>(St))
      for (const Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D))
          if (V->getType().getAddressSpace() == LangAS::opencl_local &&
              !V->getType()->isIncompleteType())
            Bytes += unsigned(
                S.Ctx.getTypeSizeInChars(V->getType()).getQuantity());
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
  if (auto *A = Kernel->getAttr<ReqdWorkGroupSizeAttr>()) {
    unsigned N = dimValue(A->getXDim(), Ctx) * dimValue(A->getYDim(), Ctx) *
                 dimValue(A->getZDim(), Ctx);
    if (N) {
      P.MaxWorkGroupSize = N;
      P.FixedWorkGroupSize = true;
    }
  }
  S.TD.run();
  collectWrites(S);
  collectGlobalWrites(S);
  std::optional<std::string> KernelReason = checkKernel(S);

  std::vector<const Stmt *> Branches;
  collectBranches(S.Body, Branches);
  std::vector<std::pair<const Stmt *, std::string>> Declined;
  std::map<const IfStmt *, const IfStmt *> ChainHead; // else-if -> its head
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
    std::string Why = describeDep(S, Cond);
    if (D != Dep::Data) {
      P.Explain.push_back({B->getBeginLoc(), false, "not divergent: " + Why});
      continue;
    }
    auto Decline = [&](const std::string &Reason) {
      Declined.push_back({B, "divergent (" + Why + ") but " + Reason});
    };
    RemapRound R;
    R.Branch = B;
    if (auto *If = dyn_cast<IfStmt>(B)) {
      R.Chain = elseIfChain(If);
      R.Paths = unsigned(R.Chain.size()) + 1;
      for (size_t I = 1; I < R.Chain.size(); ++I)
        ChainHead[R.Chain[I]] = If;
    } else {
      SwitchPaths SP;
      if (auto Reason = switchPaths(cast<SwitchStmt>(B), SP)) {
        Decline("the switch cannot be remapped: " + *Reason);
        continue;
      }
      R.Paths = SP.paths();
    }
    if (KernelReason) {
      Decline("the kernel is left unchanged: " + *KernelReason);
      continue;
    }
    bool InFile = !B->getBeginLoc().isMacroID() && S.spelledInFile(Cond);
    for (const IfStmt *C : R.Chain)
      InFile &= !C->getInit() && !C->getConditionVariable() &&
                S.spelledInFile(C->getCond());
    if (!InFile) {
      Decline("the branch is spelled in a macro");
      continue;
    }
    int Region = -1;
    if (auto Reason = placeBranch(S, B, Region)) {
      Decline(*Reason);
      continue;
    }
    R.Region = Region;
    R.GlobalFence = needsGlobalFence(S, B);
    R.Neighbors = Opts.Neighbors;
    R.Algo = R.Paths > 2 || Opts.Algorithm == AlgorithmChoice::DGI
                 ? Algorithm::DGI
                 : Algorithm::HeadOrTail;
    P.Rounds.push_back(R);
  }

  // Liveness and migration per round, then the regions as a whole.
  LiveState LS(S);
  auto Decline = [&](std::vector<RemapRound>::iterator It, std::string Why) {
    Declined.push_back(
        {It->Branch, "divergent (" + describeDep(S, condOf(It->Branch)) +
                         ") but " + Why});
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

  // Local memory: drop rounds from the back until everything fits.
  unsigned Own = ownLocalBytes(S);
  rebuildPools(P);
  while (!P.Rounds.empty() && Own + P.LocalBytes > Opts.LocalMemoryBytes) {
    auto Last = std::prev(P.Rounds.end());
    Decline(Last, "the remap state (" + std::to_string(P.LocalBytes) +
                      " bytes of local memory for " +
                      std::to_string(P.MaxWorkGroupSize) +
                      " work-items, plus the kernel's own " +
                      std::to_string(Own) + ") exceeds the budget of " +
                      std::to_string(Opts.LocalMemoryBytes) + " bytes");
    rebuildPools(P);
  }
  // Regions whose rounds were all declined need no emission; recompute the
  // surviving regions' hoisting (it depends on the surviving rounds).
  for (unsigned I = 0; I < P.Regions.size(); ++I)
    finishRegion(S, I);

  unsigned Index = 0;
  for (RemapRound &R : P.Rounds) {
    R.Index = ++Index;
    for (size_t I = 1; I < R.Chain.size(); ++I)
      P.Explain.push_back({R.Chain[I]->getBeginLoc(), true,
                           "path " + std::to_string(I) + " of the else-if "
                           "chain at " + S.loc(R.Branch->getBeginLoc()) +
                           " (round " + std::to_string(R.Index) + ")"});
    P.Explain.push_back({R.Branch->getBeginLoc(), true,
                         "divergent (" + describeDep(S, condOf(R.Branch)) +
                             "); " + describeRound(S, R)});
  }
  for (auto &[B, Why] : Declined)
    P.Explain.push_back({B->getBeginLoc(), false, Why});
  for (auto &[Member, Head] : ChainHead) {
    bool Remapped = false;
    for (const RemapRound &R : P.Rounds)
      Remapped |= R.Branch == Head;
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
    P.IdCalls.clear();
  return P;
}

} // namespace tdrc
