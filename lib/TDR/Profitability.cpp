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
// A gain that depends on kernel arguments (a loop `for (i = 0; i < len; ...)`
// in a path) is compared at run time: the round is emitted with a uniform
// switch `tdr_onK = tdr_enabled && gain >= cost` computed at the kernel's
// start, and a work-group where it is false runs the original order.
//
//===----------------------------------------------------------------------===//
#include "PathCost.h"
#include "PlannerImpl.h"
#include <cstdio>

using namespace clang;

namespace tdrc {

namespace {
// Calibration (H200, NVIDIA OpenCL, work-groups of 256): see the header.
constexpr double HotRound = 170;   // Head-or-Tail: 3 barriers, 1 atomic
constexpr double DgiRound = 435;   // DGI: 4 barriers, ranks, scan
constexpr double DgiPerKey = 15;   // DGI: per (path + inactive) key
constexpr double PerWord = 8;      // a migrated word: store + load (local)
// CUDA (H200, nvcc -O3 -arch=sm_90): the same rounds cost less than through
// NVIDIA's OpenCL, and there are the warp-level ones; break-evens in
// docs/benchmarks.md, "CUDA" (gains priced with the toolkit's math functions
// by name, as OpenCL's built-ins).
constexpr double CudaHotRound = 110;
constexpr double CudaDgiRound = 231, CudaDgiPerKey = 22;
constexpr double WarpHotRound = 136;  // 3 barriers, 2 ballots, 1 atomic per warp
constexpr double BallotRound = 120;   // 3 barriers, a warp scan
constexpr double BallotPerKey = 16;   // per key: a ballot, a count, scan cells

std::string fmt(double V) {
  char B[32];
  std::snprintf(B, sizeof B, "%.0f", V);
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

double algorithmCost(Algorithm A, unsigned Keys, bool Cuda) {
  switch (A) {
  case Algorithm::HeadOrTail: return Cuda ? CudaHotRound : HotRound;
  case Algorithm::WarpHeadOrTail: return WarpHotRound;
  case Algorithm::DGI:
    return Cuda ? CudaDgiRound + CudaDgiPerKey * Keys : DgiRound + DgiPerKey * Keys;
  case Algorithm::Ballot: return BallotRound + BallotPerKey * Keys;
  }
  return 0;
}

double roundCost(const RemapRound &R, const KernelPlan &P, bool Cuda) {
  unsigned Keys = R.Paths + (R.Region >= 0 ? 1 : 0);
  return algorithmCost(R.Algo, Keys, Cuda) + PerWord * migratedWords(R, P);
}

Algorithm chooseAlgorithm(PlannerState &S, const RemapRound &R,
                          std::optional<Algorithm> Pragma) {
  bool Cuda = S.Ctx.getLangOpts().CUDA;
  std::optional<Algorithm> Want =
      Pragma ? Pragma : forcedAlgorithm(S.Opts.Algorithm);
  // Head-or-Tail takes two paths only; OpenCL has no warp-level rounds.
  if (Want && isHeadOrTailLike(*Want) && R.Paths > 2)
    Want = *Want == Algorithm::WarpHeadOrTail ? Algorithm::Ballot : Algorithm::DGI;
  if (Want && !Cuda)
    Want = withoutWarpIntrinsics(*Want);
  if (Want)
    return *Want;
  // Auto: within the family the paths allow (unordered Head-or-Tail for two,
  // stable sub-counts for more), the cheapest round.
  unsigned Keys = R.Paths + (R.Region >= 0 ? 1 : 0);
  auto Cheaper = [&](Algorithm A, Algorithm B) {
    return Cuda && algorithmCost(B, Keys, Cuda) < algorithmCost(A, Keys, Cuda) ? B
                                                                             : A;
  };
  return R.Paths == 2 ? Cheaper(Algorithm::HeadOrTail, Algorithm::WarpHeadOrTail)
                      : Cheaper(Algorithm::DGI, Algorithm::Ballot);
}

SymbolicCost roundGain(PlannerState &S, const RemapRound &R) {
  PathCost PC(S.Ctx, S.Kernel, S.Written);
  SymbolicCost Gain;
  for (const PathMember &M : R.Members) {
    if (M.Parent >= 0)
      continue;
    SymbolicCost Sum;
    for (const Stmt *B : pathBodies(M))
      Sum += PC.of(B);
    // A switch's body holds every label once: its cost is the sum of the
    // paths (fall-through counted once, which underestimates).
    Gain += Sum.scaled(1.0 - 1.0 / std::max(2u, M.Paths));
  }
  return Gain;
}

ProfitVerdict judgeProfit(PlannerState &S, const RemapRound &R) {
  ProfitVerdict V;
  double Cost = roundCost(R, S.Plan, S.Ctx.getLangOpts().CUDA);
  SymbolicCost Gain = roundGain(S, R);
  // What the numbers are, and whether some loop length was assumed.
  std::string Units = "weighted operations per work-item" +
                      (Gain.Guessed ? "; loops of unknown length counted " +
                                          fmt(PathCost::DefaultTrips) + " times"
                                    : std::string()) +
                      ")";
  std::string Est = "saves ~" +
                    (Gain.symbolic() ? Gain.text() : fmt(Gain.Const)) +
                    " against a remap cost of ~" + fmt(Cost) + " (" + Units;
  // The constant part alone settles it, or nothing varies.
  if (Gain.Const >= Cost) {
    V.Explain = "pays: " + Est;
    return V;
  }
  if (!Gain.symbolic()) {
    V.Keep = false;
    V.Explain = Est;
    return V;
  }
  V.PaysIf = "(" + Gain.text() + ") >= " + fmt(Cost) + ".0f";
  V.Explain = "pays when " + Gain.text() + " >= " + fmt(Cost) +
              " (checked at run time; " + Units;
  return V;
}

} // namespace tdrc
