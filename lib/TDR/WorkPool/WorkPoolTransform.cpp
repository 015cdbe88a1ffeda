//===- WorkPoolTransform.cpp - Dynamic work assignment behind the interface =//
#include "tdrc/TDR/WorkPool/WorkPoolTransform.h"
#include "PoolEmitter.h"
#include "PoolPlan.h"
#include "tdrc/TDR/MeasuredBodyPlan.h"

using namespace clang;

namespace tdrc {

namespace {

class WorkPoolPlan : public MeasuredBodyPlan {
public:
  WorkPoolPlan(ASTContext &Ctx, const Dialect &D, PoolPlan P)
      : MeasuredBodyPlan(P.Body, P.Changes, P.Explain), Ctx(Ctx), D(D),
        Plan(std::move(P)) {}

  /// The pool's counter in local memory.
  ResourceNeeds needs() const override {
    return {Plan.Changes ? 4u : 0u, 0};
  }

  std::string summary(bool Emitted) const override {
    if (!Plan.Changes)
      return "";
    return Emitted ? "1 loop given a work pool (dynamic work assignment)"
                   : "0 loops given a work pool";
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
