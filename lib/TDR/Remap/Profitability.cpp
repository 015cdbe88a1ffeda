//===- Profitability.cpp - Does a remap round pay for itself? -------------===//
//
// Gain: in a warp whose work-items take all P paths of a member, the warp
// runs every path one after the other; after the remap it runs one.  So a
// member saves sum(c) - sum(c) / P weighted operations per work-item, c being
// its paths' costs (PathCost).  A nested branch's own divergence is not
// counted (its parent's path averages its sides): the gain is a lower bound.
//
// Cost: the round's code (barriers, atomics or ranks and a scan, the ID
// pool), plus every migrated 32-bit word stored and loaded once.  The
// constants are in the same weighted operations and come from the
// micro-benchmark's break-even path lengths on an H200
// (docs/benchmarks.md, "Profitability"): the measured break-even times the
// model's gain per path-length unit, rounded up.
//
// Coalescing: a global access at an address that depends on the work-item's
// IDs (and not on data) is coalesced in the original order; after the remap
// another work-item makes it.  Head-or-Tail hands the IDs out in atomic
// order, so one warp's accesses spread over the work-group; the stable rounds
// (DGI, the ballot partition, and warp-aggregated Head-or-Tail, which keeps
// each warp's lanes in order) keep runs of neighbours together.  The gain is
// reduced by those accesses (what a work-item runs, on average over the
// paths) times a price per access.
//
// A gain that depends on kernel arguments (a loop `for (i = 0; i < len; ...)`
// in a path) is compared at run time: the round is emitted with a uniform
// switch `tdr_onK = gain >= cost && size <= max` computed at the kernel's
// start (an integer `len >= N` where one loop's length decides), and a
// work-group where it is false runs the original order.
//
//===----------------------------------------------------------------------===//
#include "tdrc/TDR/PathCost.h"
#include "PlannerImpl.h"
#include "tdrc/TDR/Remap/RemapLayout.h"
#include <algorithm>
#include <cstdio>

using namespace clang;
using llvm::ArrayRef;

namespace tdrc {

namespace {
// Calibration (H200): see the header.  The rounds' own costs and scatter
// prices are columns of the strategy table (Strategies.cpp), the migrated
// word's price is in CostProfile.cpp; a cost profile may override them all.

std::string fmt(double V, const char *Format = "%.0f") {
  char B[32];
  std::snprintf(B, sizeof B, Format, V);
  return B;
}

/// The statements each own path of member M runs (null: an empty path).
std::vector<const Stmt *> pathBodies(const PathMember &M) {
  std::vector<const Stmt *> Out;
  if (auto *Sw = dyn_cast<SwitchStmt>(M.Branch)) {
    Out.push_back(Sw->getBody()); // all labels together; see judgeProfit
    return Out;
  }
  auto *If = cast<IfStmt>(M.Branch);
  if (M.Chain.empty()) {
    Out = {If->getThen(), If->getElse()};
    return Out;
  }
  for (const IfStmt *C : M.Chain)
    Out.push_back(C->getThen());
  Out.push_back(M.Chain.back()->getElse());
  return Out;
}

unsigned migratedWords(const RemapRound &R, const KernelPlan &P) {
  unsigned W = 0;
  for (const LiveVar &L : R.Live)
    if (L.How == LiveVar::Migrate)
      W += L.Elements * std::max(1u, (P.Pools[L.Pool].ElementBytes + 3) / 4);
  return W;
}
} // namespace

CostModel costModel(const PlannerState &S) {
  return CostModel(S.Opts.Costs, S.Ctx.getLangOpts().CUDA);
}

namespace {
double roundCost(const RemapRound &R, const KernelPlan &P, const CostModel &M) {
  unsigned Keys = R.Paths + (R.Region >= 0 ? 1 : 0);
  // A later pass of the state (the budget's) takes two barriers, as a
  // two-path Head-or-Tail round does: priced as one (an estimate).
  return M.roundCost(R.Algo, Keys) + M.perWord(R.Algo) * migratedWords(R, P) +
         (migrationPasses(P, R) - 1) * M.roundCost(Algorithm::HeadOrTail, 2);
}
} // namespace

namespace {
/// The class of (a part of) an address, by data flow alone: a variable never
/// written after its initialiser has its initialiser's class.  (The
/// ThreadDependence class of a variable declared in a path is Data, because
/// the path's condition is; for coalescing only the data flow matters.)
Dep addressDep(PlannerState &S, const Expr *E, unsigned Depth = 0) {
  E = E->IgnoreParenImpCasts();
  Dep Tracked = S.TD.exprDep(E).Level;
  // Below Data the tracked class is exact; loads, members and calls that may
  // read memory are Data by data flow too.
  if (Tracked != Dep::Data || Depth > 8 ||
      isa<ArraySubscriptExpr, MemberExpr, ExtVectorElementExpr>(E))
    return Tracked;
  if (auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    return Tracked;
  if (auto *DR = dyn_cast<DeclRefExpr>(E)) {
    auto *V = dyn_cast<VarDecl>(DR->getDecl());
    if (V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() &&
        !S.Written.count(V))
      return addressDep(S, V->getInit(), Depth + 1);
    return Tracked;
  }
  if (auto *CE = dyn_cast<CallExpr>(E)) {
    // A built-in is a function of its arguments; others may read memory.
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || FD->hasBody() || !FD->getIdentifier() ||
        FD->getName().starts_with("atom"))
      return Tracked;
  }
  Dep D = Dep::Uniform;
  for (const Stmt *C : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(C))
      D = std::max(D, addressDep(S, CE, Depth + 1));
  return D;
}

/// Over R's outermost members: Scale(paths) times the sum of PC over the
/// member's paths.  (A switch's body holds every label once: its cost is the
/// sum of the paths, fall-through counted once, which underestimates.)
template <typename ScaleFn>
SymbolicCost overPaths(const RemapRound &R, PathCost &PC, ScaleFn Scale) {
  SymbolicCost Total;
  for (const PathMember &M : R.Members) {
    if (M.Parent >= 0)
      continue;
    SymbolicCost Sum;
    for (const Stmt *B : pathBodies(M))
      Sum += PC.of(B);
    Total += Sum.scaled(Scale(double(std::max(2u, M.Paths))));
  }
  return Total;
}

/// Per round: a round before a loop (InvariantHoist.cpp) serves every
/// iteration of the loops from its branch out to that one.
SymbolicCost perRound(PlannerState &S, const RemapRound &R, PathCost &PC,
                      SymbolicCost PerBranch) {
  if (!R.BeforeLoop)
    return PerBranch;
  for (const Stmt *P = S.PM.getParent(R.Branch); P; P = S.PM.getParent(P)) {
    if (isa<ForStmt, WhileStmt, DoStmt>(P))
      PerBranch = PC.repeated(P, PerBranch);
    if (P == R.BeforeLoop)
      break;
  }
  return PerBranch;
}

/// Global accesses at work-item addresses in R's paths that a work-item
/// runs, on average over each member's paths.
SymbolicCost scatteredAccesses(PlannerState &S, const RemapRound &R) {
  PathCost::AddressFilter AtWorkItem = [&S](ArrayRef<const Expr *> Parts) {
    Dep D = Dep::Uniform;
    for (const Expr *P : Parts)
      D = std::max(D, addressDep(S, P));
    return D == Dep::ThreadId;
  };
  PathCost PC(S.Ctx, S.Kernel, S.Written, AtWorkItem);
  return perRound(S, R, PC,
                  overPaths(R, PC, [](double P) { return 1.0 / P; }));
}

} // namespace

Algorithm chooseAlgorithm(PlannerState &S, const RemapRound &R,
                          std::optional<Algorithm> Pragma) {
  bool Cuda = S.Ctx.getLangOpts().CUDA;
  std::optional<Algorithm> Want =
      Pragma ? Pragma : S.Opts.Algorithm;
  CostModel M = costModel(S);
  // Auto, with a cost profile that names the device's own choice.
  if (!Want)
    Want = M.preferred(R.Paths);
  // Head-or-Tail takes two paths only; OpenCL has no warp-level rounds.
  if (Want && isHeadOrTailLike(*Want) && R.Paths > 2)
    Want = *Want == Algorithm::WarpHeadOrTail ? Algorithm::Ballot : Algorithm::DGI;
  if (Want && !Cuda)
    Want = withoutWarpIntrinsics(*Want);
  if (Want)
    return *Want;
  // Auto: within the family the paths allow (unordered Head-or-Tail for two,
  // stable sub-counts for more), the cheapest round, coalescing included
  // (a loop of symbolic length counted DefaultTrips times).
  unsigned Keys = R.Paths + (R.Region >= 0 ? 1 : 0);
  double Scattered = 0;
  if (Cuda)
    Scattered = scatteredAccesses(S, R).at(PathCost::DefaultTrips);
  auto Price = [&](Algorithm A) {
    return M.roundCost(A, Keys) + M.scatterPrice(A) * Scattered;
  };
  auto Cheaper = [&](Algorithm A, Algorithm B) {
    return Cuda && Price(B) < Price(A) ? B : A;
  };
  return R.Paths == 2 ? Cheaper(Algorithm::HeadOrTail, Algorithm::WarpHeadOrTail)
                      : Cheaper(Algorithm::DGI, Algorithm::Ballot);
}

/// A warp running all P paths one after the other runs one after the remap.
SymbolicCost roundGain(PlannerState &S, const RemapRound &R) {
  PathCost PC(S.Ctx, S.Kernel, S.Written);
  return perRound(S, R, PC,
                  overPaths(R, PC, [](double P) { return 1.0 - 1.0 / P; }));
}

ProfitVerdict judgeProfit(PlannerState &S, const RemapRound &R) {
  ProfitVerdict V;
  CostModel M = costModel(S);
  double Cost = roundCost(R, S.Plan, M);
  SymbolicCost Gain = roundGain(S, R);
  SymbolicCost Scattered = scatteredAccesses(S, R);
  SymbolicCost Lost = Scattered.scaled(M.scatterPrice(R.Algo));
  SymbolicCost Net = Gain;
  Net += Lost.scaled(-1);
  // What the numbers are, and whether some loop length was assumed.
  std::string Units = "weighted operations per work-item" +
                      (Gain.Guessed ? "; loops of unknown length counted " +
                                          fmt(PathCost::DefaultTrips) + " times"
                                    : std::string()) +
                      (M.profile() ? "; cost profile: " + M.profile()->Device
                                   : std::string()) +
                      ")";
  auto Text = [](const SymbolicCost &C) {
    return C.symbolic() ? C.text() : fmt(C.Const);
  };
  std::string Est = "saves ~" + Text(Gain);
  if (Scattered.Const != 0 || Scattered.symbolic())
    Est += ", less ~" + Text(Lost) + " for the ~" +
           (Scattered.symbolic() ? Scattered.text()
                                 : fmt(Scattered.Const, "%.3g")) +
           " global accesses at work-item addresses it takes out of their "
           "coalesced order,";
  Est += " against a remap cost of ~" + fmt(Cost) + " (" + Units;
  bool Varies = false, Grows = true; // some term; all of them >= 0
  for (auto &[K, C] : Net.Terms) {
    Varies |= C != 0;
    Grows &= C >= 0;
  }
  V.Net = Net.Const;
  V.Gain = Net;
  V.Gain.Const -= Cost;
  V.Estimated.Cost = Cost;
  V.Estimated.Gain = Text(Net);
  if (M.profile())
    V.Estimated.Profile = M.profile()->Device;
  // The constant part alone settles it, or nothing varies.
  if (Grows && Net.Const >= Cost) {
    V.Explain = "pays: " + Est;
    V.Estimated.Verdict = "pays";
    return V;
  }
  if (!Varies) {
    V.Keep = Net.Const >= Cost;
    V.Explain = (V.Keep ? "pays: " : "") + Est;
    V.Estimated.Verdict = V.Keep ? "pays" : "does not pay";
    return V;
  }
  // One loop's length alone decides: an integer comparison of it.
  std::string AtLeast = Net.atLeast(Cost);
  V.PaysIf = AtLeast.empty() ? "(" + Net.text() + ") >= " + fmt(Cost) + ".0f"
                             : AtLeast;
  V.Estimated.Verdict = "checked at run time";
  V.Estimated.Condition = V.PaysIf;
  V.Explain = "pays when " + Net.text() + " >= " + fmt(Cost) +
              (AtLeast.empty() ? "" : ", that is when " + AtLeast) +
              " (checked at run time; " + Units;
  return V;
}

} // namespace tdrc
