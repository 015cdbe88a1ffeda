//===- MeldTransform.cpp - Control-flow melding behind the interface -------===//
#include "tdrc/TDR/Meld/MeldTransform.h"
#include "MeldEmitter.h"
#include "MeldPlanner.h"
#include "tdrc/TDR/Transform.h"
#include "llvm/ADT/STLExtras.h"
#include <limits>

using namespace clang;

namespace tdrc {

namespace {

class MeldTransformPlan : public TransformPlan {
public:
  MeldTransformPlan(ASTContext &Ctx, MeldPlan P, bool Forced)
      : Ctx(Ctx), Plan(std::move(P)), Forced(Forced) {}

  bool changesKernel() const override { return changedStatements() > 0; }

  /// A branch another transform wants too stays with that transform unless
  /// claimedGain() wins it: a claim below every gain loses to remap's
  /// rounds where the pass manager cannot weigh both gains.  Against dwa's
  /// and bpu's body (whose gain only a launch shows) a meld with a positive
  /// estimate wins; a forced one (no estimate) loses.
  std::vector<std::pair<const Stmt *, double>> claims() const override {
    std::vector<std::pair<const Stmt *, double>> Out;
    for (const MeldedBranch &M : Plan.Branches)
      Out.push_back({M.If, -std::numeric_limits<double>::infinity()});
    for (const MeldedSwitch &M : Plan.Switches)
      Out.push_back({M.root(), -std::numeric_limits<double>::infinity()});
    return Out;
  }

  /// The branch S goes to another transform: melding says nothing of it
  /// (the pass manager's note does).  A branch given up before stays so.
  bool release(const Stmt *S) override {
    llvm::erase_if(Plan.Branches,
                   [&](const MeldedBranch &M) { return M.If == S; });
    llvm::erase_if(Plan.Switches,
                   [&](const MeldedSwitch &M) { return M.root() == S; });
    llvm::erase_if(Plan.Explain, [&](const Explanation &E) {
      return E.Remapped && E.Loc == S->getBeginLoc();
    });
    return true;
  }

  /// What melding S saves (MeldGain.cpp); none under --force, where no
  /// estimate decided.
  std::optional<SymbolicCost> claimedGain(const Stmt *S) const override {
    if (Forced)
      return std::nullopt;
    for (const MeldedBranch &M : Plan.Branches)
      if (M.If == S)
        return M.Gain;
    for (const MeldedSwitch &M : Plan.Switches)
      if (M.root() == S)
        return M.Gain;
    return std::nullopt;
  }

  ResourceNeeds needs() const override { return {}; }

  unsigned changedStatements() const override {
    return Plan.Branches.size() + Plan.Switches.size();
  }

  std::string summary(bool Emitted) const override {
    if (!changesKernel())
      return "";
    std::string S;
    if (!Plan.Branches.empty())
      S = std::to_string(Emitted ? Plan.Branches.size() : 0) +
          " branch(es) melded";
    size_t Chains = llvm::count_if(
        Plan.Switches, [](const MeldedSwitch &M) { return M.Chain; });
    auto Add = [&](size_t N, const char *What) {
      if (N)
        S += (S.empty() ? "" : ", ") + std::to_string(Emitted ? N : 0) +
             What;
    };
    Add(Plan.Switches.size() - Chains, " switch(es) melded");
    Add(Chains, " if/else-if chain(s) melded");
    return S;
  }

  std::vector<Explanation> explain() const override { return Plan.Explain; }

  /// Whenever it runs: melding has no launch-time condition, and the
  /// measurement of the launch-time choice sees what it gains.
  LaunchCondition launchCondition() const override {
    return {"", AnyWorkGroupSize};
  }

  /// A branch in which another transform has already placed an edit (remap
  /// redirects the ID queries after its rounds) stays as it is: melding
  /// rewrites the branch from its original text.
  bool emit(EditList &Edits, std::string &Why) override {
    SourceText Src(Ctx);
    std::vector<std::pair<SourceText::Range, std::string>> Texts;
    auto Place = [&](const Stmt *S, std::optional<std::string> T,
                     const char *What) {
      std::optional<SourceText::Range> R = Src.stmtRange(S);
      if (!R || !T) {
        Why = std::string("the ") + What + " at " +
              Src.where(S->getBeginLoc()) + " is not spelled in the main file";
        return 0;
      }
      if (Edits.touches(R->Begin, R->End)) {
        for (Explanation &E : Plan.Explain)
          if (E.Remapped && E.Loc == S->getBeginLoc()) {
            E.Remapped = false;
            E.Profit.reset();
            E.Reason = "another transform edits inside it";
            E.Text = std::string(What) +
                     " (melding): another transform edits inside it "
                     "(remap redirects the IDs it reads)";
          }
        return -1;
      }
      Texts.push_back({*R, *T});
      return 1;
    };
    std::vector<MeldedBranch> Kept;
    for (MeldedBranch &M : Plan.Branches) {
      int Placed = Place(M.If, meldedText(Src, M), "if/else");
      if (!Placed)
        return false;
      if (Placed > 0)
        Kept.push_back(std::move(M));
    }
    std::vector<MeldedSwitch> KeptSwitches;
    for (MeldedSwitch &M : Plan.Switches) {
      int Placed = Place(M.root(), meldedSwitchText(Ctx, Src, M),
                         M.Chain ? "if/else-if chain" : "switch");
      if (!Placed)
        return false;
      if (Placed > 0)
        KeptSwitches.push_back(std::move(M));
    }
    Plan.Branches = std::move(Kept);
    Plan.Switches = std::move(KeptSwitches);
    for (auto &[R, T] : Texts)
      Edits.replace(R.Begin, R.End - R.Begin, T);
    return true;
  }

private:
  ASTContext &Ctx;
  MeldPlan Plan;
  bool Forced;
};

class MeldTransform : public Transform {
public:
  llvm::StringRef name() const override { return "meld"; }
  bool supports(SourceLanguage) const override { return true; }
  std::unique_ptr<TransformPlan> plan(KernelContext &K) override {
    return std::make_unique<MeldTransformPlan>(K.Ctx, planMeld(K),
                                               K.Options.Force);
  }
};

} // namespace

std::unique_ptr<Transform> makeMeldTransform() {
  return std::make_unique<MeldTransform>();
}

} // namespace tdrc
