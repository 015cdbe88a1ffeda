//===- SplitTransform.cpp - Branch splitting behind the interface ---------===//
#include "tdrc/TDR/BranchSplit/BranchSplitTransform.h"
#include "SplitEmitter.h"
#include "SplitPlan.h"
#include "tdrc/TDR/Transform.h"
#include <limits>

using namespace clang;

namespace tdrc {

namespace {

/// The kernel itself stays as it was (changesKernel() is false: no
/// original to keep, no launch condition); the plan adds kernels after it.
/// It claims the body with a gain of zero, so that a transform that
/// changes any statement of the kernel keeps it and the parts are left out
/// (they would copy a kernel that is no longer the one launched); under
/// `#pragma tdr split` with a gain above every other.
class BranchSplitPlan : public TransformPlan {
public:
  BranchSplitPlan(ASTContext &Ctx, const clang::CompoundStmt *Body,
                  SplitPlan P)
      : Ctx(Ctx), Body(Body), Plan(std::move(P)) {}

  bool changesKernel() const override { return false; }
  unsigned addedKernels() const override {
    if (!Plan.Changes)
      return 0;
    unsigned Paths = unsigned(Plan.Arms.size());
    return Paths + (Plan.Lists ? Paths + 1 : 0);
  }
  std::vector<std::pair<const Stmt *, double>> claims() const override {
    if (!Plan.Changes)
      return {};
    // `#pragma tdr split` makes the kernel the split's against any other.
    return {{Body, Plan.Forced ? std::numeric_limits<double>::infinity()
                               : 0.0}};
  }
  ResourceNeeds needs() const override { return {}; }
  std::string summary(bool Emitted) const override {
    if (!Plan.Changes)
      return "";
    std::string K = Plan.Kernel->getNameAsString();
    return Emitted ? "split into " + std::to_string(Plan.Arms.size()) +
                         " path kernels ('" + splitPartName(K, 0) +
                         "' ...), the kernel itself unchanged"
                   : "not split";
  }
  std::vector<Explanation> explain() const override { return Plan.Explain; }
  bool emit(EditList &Edits, std::string &Why) override {
    if (!Plan.Changes)
      return true;
    KernelSequence S;
    if (!emitBranchSplit(Ctx, Plan, Edits, S, Why))
      return false;
    Emitted = std::move(S);
    return true;
  }
  std::optional<KernelSequence> launchSequence() const override {
    return Emitted;
  }
  unsigned changedStatements() const override { return 0; }
  LaunchCondition launchCondition() const override {
    return {"", AnyWorkGroupSize};
  }

private:
  ASTContext &Ctx;
  const clang::CompoundStmt *Body;
  SplitPlan Plan;
  std::optional<KernelSequence> Emitted;
};

class BranchSplitTransform : public Transform {
public:
  llvm::StringRef name() const override { return "split"; }
  bool supports(SourceLanguage) const override { return true; }
  std::unique_ptr<TransformPlan> plan(KernelContext &K) override {
    return std::make_unique<BranchSplitPlan>(
        K.Ctx, K.Analyses.Body, planBranchSplit(K.Analyses, K.Options, K.Claims));
  }
};

} // namespace

std::unique_ptr<Transform> makeBranchSplitTransform() {
  return std::make_unique<BranchSplitTransform>();
}

} // namespace tdrc
