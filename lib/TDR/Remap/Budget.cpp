//===- Budget.cpp - Size the remap state against the kernel's budget --------===//
//
// Local memory for all rounds is declared once, sized for the largest round
// of each kind of state; its bytes are those of the declarations the
// emitter writes (remapLayout, RemapLayout.h).  It must fit the local-memory
// limit, and with a GPU model (--gpu) it must not lower the kernel's
// occupancy: the blocks per SM of the original kernel are the budget.  When
// the rewrite does not fit, the adjustments of Lin, Wang & Liu are tried in
// their order, each kept only if it saves something:
//
//   registers:     DGI rounds of two paths fall back to Head-or-Tail, then
//                  the rounds are cancelled (their ID state is shared, so
//                  cancelling one alone saves no register);
//   local memory:  a 16-bit ID pool, Head-or-Tail rounds switched to DGI,
//                  DGI's neighbouring factor doubled up to 64, the migrated
//                  state moved in passes (up to 16, tdrc's own step: the
//                  pools hold a share of it, for two barriers a pass),
//                  structs split into their fields for the passes to share
//                  out (StructFields.cpp), and finally the costliest round
//                  cancelled.
//
// A round under `#pragma tdr target` is adjusted but never cancelled for
// occupancy (the local-memory limit still holds: the kernel would not run).
//
//===----------------------------------------------------------------------===//
#include "PlannerImpl.h"
#include "tdrc/Occupancy/KernelUsage.h"
#include "tdrc/Occupancy/Occupancy.h"
#include "tdrc/TDR/MemorySpace.h"
#include "tdrc/TDR/Remap/RemapCode.h"
#include "tdrc/TDR/Remap/RemapLayout.h"
#include <algorithm>

namespace tdrc {

/// More passes than this cost more barriers than a round is worth.
constexpr unsigned MaxMigrationPasses = 16;

void sizeLocalMemory(KernelPlan &P) {
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
      // Passes: each holds its share of the largest round's slots.
      Kept.back().Slots = (Used[I] + P.MigrationPasses - 1) / P.MigrationPasses;
    }
  for (RemapRound &R : P.Rounds)
    for (LiveVar &L : R.Live)
      if (L.How == LiveVar::Migrate)
        L.Pool = unsigned(NewIndex[L.Pool]);
  P.Pools = std::move(Kept);
  P.MaxPaths = P.MaxDgiCounts = 0;
  for (const RemapRound &R : P.Rounds)
    if (usesSubCounts(R.Algo)) {
      P.MaxPaths = std::max(P.MaxPaths, R.Paths);
      unsigned Keys = R.Paths + (R.Region >= 0 ? 1 : 0);
      P.MaxDgiCounts = std::max(
          P.MaxDgiCounts, Keys * dgiGroups(P.MaxWorkGroupSize, R.Neighbors));
    }
  // What the emitter declares (RemapLayout.h), byte for byte.
  P.LocalBytes = layoutBytes(remapLayout(P));
}

bool needsPathIn(const KernelPlan &P) {
  for (const RemapRound &R : P.Rounds)
    if (R.Algo == Algorithm::DGI)
      return true;
  return false;
}

unsigned registersAfter(const KernelPlan &P, unsigned Before,
                        unsigned MaxRegs) {
  RemapShape Shape;
  Shape.Dims = P.Dims;
  for (const RemapRound &R : P.Rounds)
    ++(usesSubCounts(R.Algo) ? Shape.DgiRounds : Shape.HotRounds);
  return estimateRegistersAfterRemap(Before, Shape, MaxRegs);
}

/// 32-bit words of the kernel's private variables and parameters: the
/// static register estimate's "state live at once", taken at its largest.
static unsigned privateWords(PlannerState &S) {
  unsigned Bytes = 0;
  auto Add = [&](const clang::VarDecl *V) {
    clang::QualType T = V->getType();
    if (T->isIncompleteType() || T->isDependentType() || T->isReferenceType() ||
        !isThreadPrivateVar(V))
      return;
    Bytes += unsigned(S.Ctx.getTypeSizeInChars(T).getQuantity());
  };
  for (const clang::ParmVarDecl *P : S.Kernel->parameters())
    Add(P);
  std::vector<const clang::Stmt *> Work{S.Body};
  while (!Work.empty()) {
    const clang::Stmt *St = Work.back();
    Work.pop_back();
    if (auto *DS = llvm::dyn_cast<clang::DeclStmt>(St))
      for (const clang::Decl *D : DS->decls())
        if (auto *V = llvm::dyn_cast<clang::VarDecl>(D))
          Add(V);
    for (const clang::Stmt *C : St->children())
      if (C)
        Work.push_back(C);
  }
  return (Bytes + 3) / 4;
}

namespace {

struct Fit {
  PlannerState &S;
  unsigned Own; // the kernel's own local memory
  const GpuParams *G;
  OccupancyResult Base;

  unsigned wg() const { return S.Plan.MaxWorkGroupSize; }
  unsigned Regs; // the original kernel's
  bool Adjusted = false;
  unsigned regsNow() const {
    return registersAfter(S.Plan, Regs, G ? G->MaxRegsPerThread : 255);
  }
  OccupancyResult now() const {
    return computeOccupancy(*G, wg(), regsNow(), Own + S.Plan.LocalBytes);
  }
  bool localFits() const {
    return Own + S.Plan.LocalBytes <= S.Opts.LocalMemoryBytes;
  }
  bool occupancyFits() const {
    return !G || now().BlocksPerSM >= Base.BlocksPerSM;
  }
  std::string cost() const {
    std::string T = std::to_string(S.Plan.LocalBytes) + " bytes of local memory";
    if (G)
      T += " and ~" + std::to_string(regsNow()) +
           " registers in all (estimated): " + describeOccupancy(*G, now());
    return T;
  }
  void note(const std::string &T) {
    S.Plan.Explain.push_back(kernelNote(S.Kernel->getLocation(), "budget: " + T));
  }
  /// Applies Change; keeps it if it saves local memory or registers.
  template <typename F> bool attempt(const std::string &What, F Change) {
    KernelPlan Old = S.Plan;
    unsigned OldBytes = S.Plan.LocalBytes, OldRegs = regsNow();
    Change();
    sizeLocalMemory(S.Plan);
    if (S.Plan.LocalBytes < OldBytes || regsNow() < OldRegs) {
      note(What + ": now " + cost());
      Adjusted = true;
      return true;
    }
    std::string Nothing = What + " would save nothing (" +
                          std::to_string(S.Plan.LocalBytes) + " bytes); not done";
    S.Plan = std::move(Old);
    note(Nothing);
    return false;
  }
};

/// The fewest passes from From on (below MaxMigrationPasses) with which the
/// plan fits, else MaxMigrationPasses; the plan's own are left as they were.
unsigned fewestPasses(Fit &F, unsigned From) {
  KernelPlan &P = F.S.Plan;
  unsigned Old = P.MigrationPasses, Want = MaxMigrationPasses;
  for (unsigned N = From; N < MaxMigrationPasses; ++N) {
    P.MigrationPasses = N;
    sizeLocalMemory(P);
    if (F.localFits() && F.occupancyFits()) {
      Want = N;
      break;
    }
  }
  P.MigrationPasses = Old;
  sizeLocalMemory(P);
  return Want;
}

bool targeted(PlannerState &S, const RemapRound &R) {
  const BranchDirective *D =
      S.Opts.Directives ? S.Opts.Directives->forBranch(R.Branch) : nullptr;
  return D && D->Target;
}

} // namespace

void fitBudget(PlannerState &S, unsigned Own,
               const std::function<void(size_t, const std::string &)> &Cancel) {
  KernelPlan &P = S.Plan;
  sizeLocalMemory(P);
  if (P.Rounds.empty())
    return;
  bool Given = S.Opts.KernelRegs != 0;
  unsigned Before =
      Given ? S.Opts.KernelRegs : estimateUsage(privateWords(S), 0).Registers;
  Fit F{S, Own, S.Opts.Gpu, {}, Before};
  if (F.G) {
    F.Base = computeOccupancy(*F.G, F.wg(), Before, Own);
    F.note("the original kernel, with " + std::to_string(Before) +
           " registers (" + (Given ? S.Opts.UsageSource : "static estimate") +
           ") and " +
           std::to_string(Own) + " bytes of local memory in work-groups of " +
           std::to_string(F.wg()) + ": " + describeOccupancy(*F.G, F.Base));
    F.note("the remap state of " + std::to_string(P.Rounds.size()) +
           " round(s): " + F.cost());
  }
  bool Short = false, TriedDgi = false, TriedPasses = false,
       TriedFields = false;
  llvm::DenseSet<const clang::Stmt *> Widened; // widened without effect
  auto Why = [&] {
    if (!F.localFits())
      return "the remap state (" + std::to_string(P.LocalBytes) +
             " bytes of local memory for " + std::to_string(F.wg()) +
             " work-items, plus the kernel's own " + std::to_string(Own) +
             ") exceeds the budget of " +
             std::to_string(S.Opts.LocalMemoryBytes) + " bytes";
    return "it would lower occupancy: " + describeOccupancy(*F.G, F.now()) +
           ", against " + std::to_string(F.Base.BlocksPerSM) +
           " blocks/SM without remapping";
  };
  while (!P.Rounds.empty() && !(F.localFits() && F.occupancyFits())) {
    bool Regs = F.localFits() && F.now().Limiter == OccupancyLimit::Registers;
    if (Regs) {
      bool Any = false;
      for (const RemapRound &R : P.Rounds)
        Any |= R.Algo == Algorithm::DGI && R.Paths == 2 && !forcesDgi(S, R.Branch);
      if (Any && F.attempt("registers short: two-path DGI rounds fall back to "
                           "Head-or-Tail", [&] {
            for (RemapRound &R : P.Rounds)
              if (R.Algo == Algorithm::DGI && R.Paths == 2 && !forcesDgi(S, R.Branch))
                R.Algo = Algorithm::HeadOrTail;
          }))
        continue;
      // Every round shares the ID state: all of them go, or none.
      std::string Reason = Why();
      bool Kept = false;
      for (size_t I = P.Rounds.size(); I-- > 0;)
        if (targeted(S, P.Rounds[I]))
          Kept = true;
        else
          Cancel(I, Reason);
      sizeLocalMemory(P);
      F.Adjusted = true;
      if (Kept) {
        F.note("rounds under '#pragma tdr target' are kept although " +
               Why());
        return;
      }
      continue;
    }
    if (!Short && P.MaxWorkGroupSize <= 65536) {
      Short = true;
      if (F.attempt("local memory short: 16-bit ID pool",
                    [&] { P.ShortIdPool = true; }))
        continue;
    }
    bool AnyHot = false;
    for (const RemapRound &R : P.Rounds)
      AnyHot |= R.Algo == Algorithm::HeadOrTail && !forcesHeadOrTail(S, R.Branch);
    if (AnyHot && !TriedDgi && (TriedDgi = true) && F.attempt("local memory short: Head-or-Tail rounds switched "
                            "to DGI", [&] {
          for (RemapRound &R : P.Rounds)
            if (R.Algo == Algorithm::HeadOrTail && !forcesHeadOrTail(S, R.Branch))
              R.Algo = Algorithm::DGI;
        }))
      continue;
    // Double N of the round with the most sub-counts.
    RemapRound *Widest = nullptr;
    for (RemapRound &R : P.Rounds)
      if (R.Algo == Algorithm::DGI && R.Neighbors < 64 &&
          (!Widest || (R.Paths + 1) * dgiGroups(P.MaxWorkGroupSize, R.Neighbors) >
                          (Widest->Paths + 1) *
                              dgiGroups(P.MaxWorkGroupSize, Widest->Neighbors)))
        Widest = &R;
    if (Widest && !Widened.count(Widest->Branch)) {
      Widened.insert(Widest->Branch);
      std::string What = "local memory short: DGI's N doubled to " +
                         std::to_string(Widest->Neighbors * 2) +
                         " for the branch at " +
                         S.loc(Widest->Branch->getBeginLoc());
      if (F.attempt(What, [&] { Widest->Neighbors *= 2; }))
        continue;
    }
    // Move the state in passes: the pools shrink to a share of it, for two
    // barriers a pass more (the fewest passes that fit).
    if (!TriedPasses && !P.Pools.empty()) {
      TriedPasses = true;
      unsigned Want = fewestPasses(F, P.MigrationPasses + 1);
      if (F.attempt("local memory short: the migrated state moves in up to " +
                        std::to_string(Want) +
                        " passes through pools of its share",
                    [&] { P.MigrationPasses = Want; }))
        continue;
    }
    // A struct moves whole, at least one per work-item in a pass: split into
    // its fields, the passes share it out too (StructFields.cpp).
    if (TriedPasses && !TriedFields) {
      TriedFields = true;
      KernelPlan Whole = P;
      if (splitStructState(S)) {
        unsigned Want = fewestPasses(F, 1);
        P = std::move(Whole);
        if (F.attempt("local memory short: structs move field by field, "
                      "the state in up to " + std::to_string(Want) +
                          " passes",
                      [&] {
                        splitStructState(S);
                        P.MigrationPasses = Want;
                      }))
          continue;
      }
    }
    // Cancel the round whose own state costs most (the last on ties).
    std::optional<size_t> Costliest;
    for (size_t I = 0; I < P.Rounds.size(); ++I)
      if ((!targeted(S, P.Rounds[I]) || !F.localFits()) &&
          (!Costliest || P.Rounds[I].LocalBytes >= P.Rounds[*Costliest].LocalBytes))
        Costliest = I;
    if (!Costliest) {
      F.note("rounds under '#pragma tdr target' are kept although " + Why());
      return;
    }
    Cancel(*Costliest, Why());
    sizeLocalMemory(P);
    F.Adjusted = true;
  }
  // Rounds cancelled after the passes were chosen may leave room for fewer.
  if (!P.Rounds.empty() && P.MigrationPasses > 1)
    if (unsigned N = fewestPasses(F, 1); N < P.MigrationPasses) {
      P.MigrationPasses = N;
      sizeLocalMemory(P);
    }
  if (F.G && !P.Rounds.empty() && F.Adjusted)
    F.note("the rewritten kernel: " + F.cost());
}

} // namespace tdrc
