//===- WorkPoolTransform.cpp - Dynamic work assignment behind the interface =//
#include "tdrc/TDR/WorkPool/WorkPoolTransform.h"
#include "PoolEmitter.h"
#include "PoolPlan.h"
#include "tdrc/TDR/Transform.h"

using namespace clang;

namespace tdrc {

namespace {

class WorkPoolPlan : public TransformPlan {
public:
  WorkPoolPlan(ASTContext &Ctx, const Dialect &D, PoolPlan P)
      : Ctx(Ctx), D(D), Plan(std::move(P)) {}

  bool changesKernel() const override { return Plan.Changes; }

  /// The whole body changes shape.  Its gain cannot be known before launch
  /// (it is the spread of the trip counts), so it is left at zero: a remap
  /// round that wants a statement of the kernel keeps it.
  std::vector<std::pair<const Stmt *, double>> claims() const override {
    if (!Plan.Changes)
      return {};
    return {{Plan.Body, 0.0}};
  }

  ResourceNeeds needs() const override {
    return {Plan.Changes ? 4u : 0u, 0};
  }

  unsigned changedStatements() const override { return Plan.Changes ? 1 : 0; }

  std::string summary(bool Emitted) const override {
    if (!Plan.Changes)
      return "";
    return Emitted ? "1 loop given a work pool (dynamic work assignment)"
                   : "0 loops given a work pool";
  }

  std::vector<Explanation> explain() const override { return Plan.Explain; }

  /// Whenever it runs: only the spread of the trip counts decides, and the
  /// launch-time measurement sees it.  The pool's time varies more from
  /// launch to launch than the original's (on an H100 a rewrite timed 2.7%
  /// faster while exploring ran 4-6% slower afterwards), so it must win by
  /// 5% to be kept.
  LaunchCondition launchCondition() const override {
    LaunchCondition C{"", AnyWorkGroupSize};
    C.Margin = 0.05;
    return C;
  }

  bool emit(EditList &Edits, std::string &Why) override {
    return !Plan.Changes || emitWorkPool(Ctx, Plan, D, Edits, Why);
  }

private:
  ASTContext &Ctx;
  const Dialect &D;
  PoolPlan Plan;
};

class WorkPoolTransform : public Transform {
public:
  llvm::StringRef name() const override { return "dwa"; }
  bool supports(SourceLanguage) const override { return true; }

  std::unique_ptr<TransformPlan> plan(KernelContext &K) override {
    return std::make_unique<WorkPoolPlan>(K.Ctx, K.Spelling,
                                          planWorkPool(K.Analyses, K.Options));
  }
};

} // namespace

std::unique_ptr<Transform> makeWorkPoolTransform() {
  return std::make_unique<WorkPoolTransform>();
}

} // namespace tdrc
