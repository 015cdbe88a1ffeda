//===- RemapTransform.cpp - The remap transform behind tdrc's interface ---===//
#include "tdrc/TDR/Remap/RemapTransform.h"
#include "tdrc/TDR/Remap/RemapEmitter.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "tdrc/TDR/Transform.h"

using namespace clang;

namespace tdrc {

namespace {

class RemapPlanOfKernel : public TransformPlan {
public:
  RemapPlanOfKernel(ASTContext &Ctx, const Dialect &D, KernelPlan P)
      : Ctx(Ctx), D(D), Plan(std::move(P)) {}

  bool changesKernel() const override { return Plan.rewrites(); }

  std::vector<std::pair<const Stmt *, double>> claims() const override {
    std::vector<std::pair<const Stmt *, double>> Out;
    // The early returns become active predicates only around rounds: a plan
    // without one edits nothing and must not keep another transform (dwa's
    // loop after `if (gid >= n) return;`) from the kernel.
    if (!Plan.rewrites())
      return Out;
    for (const RemapRound &R : Plan.Rounds)
      for (const PathMember &M : R.Members)
        Out.push_back({M.Branch, R.EstimatedGain});
    for (const ActiveRegion &AR : Plan.Regions)
      for (const IfStmt *Ret : AR.EarlyReturns)
        Out.push_back({Ret, 0});
    return Out;
  }

  /// Remap cannot give up one branch of its plan: losing S loses every
  /// round, so the claim is worth the whole plan's gain.
  std::optional<SymbolicCost> claimedGain(const Stmt *) const override {
    SymbolicCost All;
    for (const RemapRound &R : Plan.Rounds) {
      if (!R.Gain)
        return std::nullopt;
      All += *R.Gain;
    }
    return All;
  }

  ResourceNeeds needs() const override { return {Plan.LocalBytes, 0}; }

  unsigned changedStatements() const override {
    unsigned N = 0;
    for (const RemapRound &R : Plan.Rounds)
      N += unsigned(R.Members.size());
    return N;
  }

  std::string summary(bool Emitted) const override {
    unsigned Rounds = Emitted ? unsigned(Plan.Rounds.size()) : 0;
    std::string S = std::to_string(Emitted ? changedStatements() : 0) +
                    " branch(es) remapped";
    if (Rounds)
      S += " in " + std::to_string(Rounds) + " round(s), " +
           std::to_string(Plan.LocalBytes) + " bytes of " + D.SharedMemory +
           " for " + D.Groups + " of up to " +
           std::to_string(Plan.MaxWorkGroupSize) + " " + D.Items +
           (Plan.LaunchBounds ? " (__launch_bounds__)" : "");
    return S;
  }

  std::vector<Explanation> explain() const override { return Plan.Explain; }

  /// The rounds' run-time switches, any of which makes the rewrite pay; a
  /// round without one pays whenever the work-group fits.
  LaunchCondition launchCondition() const override {
    LaunchCondition C;
    C.MaxWorkGroupSize = Plan.MaxWorkGroupSize;
    for (const RemapRound &R : Plan.Rounds) {
      if (R.PaysIf.empty())
        return {"", Plan.MaxWorkGroupSize};
      C.When += (C.When.empty() ? "(" : " || (") + R.PaysIf + ")";
    }
    if (Plan.Rounds.size() == 1)
      C.When = Plan.Rounds.front().PaysIf;
    return C;
  }

  bool emit(EditList &Edits, std::string &Why) override {
    return emitKernel(Ctx, Plan, D, Edits, Why);
  }

private:
  ASTContext &Ctx;
  const Dialect &D;
  KernelPlan Plan;
};

class RemapTransform : public Transform {
public:
  llvm::StringRef name() const override { return "remap"; }
  bool supports(SourceLanguage) const override { return true; }

  std::unique_ptr<TransformPlan> plan(KernelContext &K) override {
    const TransformOptions &O = K.Options;
    PlannerOptions PO;
    PO.MaxWorkGroupSize = O.MaxWorkGroupSize;
    PO.LocalMemoryBytes = O.LocalMemoryBytes;
    PO.Algorithm = O.RemapAlgorithm;
    PO.Neighbors = O.Neighbors;
    PO.FeedbackNeighbors = O.FeedbackNeighbors;
    PO.Gpu = O.Gpu;
    PO.KernelRegs = O.KernelRegs;
    PO.KernelSmem = O.KernelSmem;
    PO.Directives = O.Directives;
    PO.Force = O.Force;
    PO.HoistRounds = O.HoistRounds;
    PO.Costs = O.Costs;
    PO.Claims = &K.Claims;
    KernelPlan P = planKernel(K.Analyses, PO);
    P.HostChooses = O.KeepOriginal;
    return std::make_unique<RemapPlanOfKernel>(K.Ctx, K.Spelling,
                                               std::move(P));
  }
};

} // namespace

std::unique_ptr<Transform> makeRemapTransform() {
  return std::make_unique<RemapTransform>();
}

} // namespace tdrc
