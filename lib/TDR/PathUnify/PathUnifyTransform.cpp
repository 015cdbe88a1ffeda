//===- PathUnifyTransform.cpp - Branch path unification behind the interface =//
#include "tdrc/TDR/PathUnify/PathUnifyTransform.h"
#include "UnifyEmitter.h"
#include "UnifyPlan.h"
#include "tdrc/TDR/MeasuredBodyPlan.h"

using namespace clang;

namespace tdrc {

namespace {

class PathUnifyPlan : public MeasuredBodyPlan {
public:
  PathUnifyPlan(ASTContext &Ctx, const Dialect &D, UnifyPlan P)
      : MeasuredBodyPlan(P.Body, P.Changes, P.Explain), Ctx(Ctx), D(D),
        Plan(std::move(P)) {}

  /// No local memory; a few registers for the masks (not estimated).
  ResourceNeeds needs() const override { return {}; }

  std::string summary(bool Emitted) const override {
    if (!Plan.Changes)
      return "";
    return Emitted ? "1 branch's paths unified (branch path unification)"
                   : "0 branches' paths unified";
  }

  bool emit(EditList &Edits, std::string &Why) override {
    return !Plan.Changes || emitPathUnify(Ctx, Plan, D, Edits, Why);
  }

private:
  ASTContext &Ctx;
  const Dialect &D;
  UnifyPlan Plan;
};

class PathUnifyTransform : public Transform {
public:
  llvm::StringRef name() const override { return "bpu"; }
  bool supports(SourceLanguage) const override { return true; }

  std::unique_ptr<TransformPlan> plan(KernelContext &K) override {
    return std::make_unique<PathUnifyPlan>(
        K.Ctx, K.Spelling, planPathUnify(K.Analyses, K.Options));
  }
};

} // namespace

std::unique_ptr<Transform> makePathUnifyTransform() {
  return std::make_unique<PathUnifyTransform>();
}

} // namespace tdrc
