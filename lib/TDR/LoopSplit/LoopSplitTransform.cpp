//===- LoopSplitTransform.cpp - Loop splitting behind the interface -------===//
#include "tdrc/TDR/LoopSplit/LoopSplitTransform.h"
#include "LoopSplitPlan.h"
#include "tdrc/TDR/SourceText.h"
#include "tdrc/TDR/Transform.h"
#include "llvm/ADT/STLExtras.h"
#include <limits>

using namespace clang;

namespace tdrc {

namespace {

class LoopSplitTransformPlan : public TransformPlan {
public:
  LoopSplitTransformPlan(ASTContext &Ctx, LoopSplitPlan P)
      : Ctx(Ctx), Plan(std::move(P)) {}

  bool changesKernel() const override { return !Plan.Loops.empty(); }

  /// A loop another transform changes anything in stays with it: loop
  /// splitting copies the loop's statements as written, and its gain is
  /// known only after compilation.
  /// The statements after the loop that its text rewrites are claimed
  /// too (moved or not, they are copied as written).
  std::vector<std::pair<const Stmt *, double>> claims() const override {
    std::vector<std::pair<const Stmt *, double>> Out;
    for (const SplitLoop &L : Plan.Loops) {
      Out.push_back({L.For, -std::numeric_limits<double>::infinity()});
      for (const auto &[S, To] : L.Following)
        Out.push_back({S, -std::numeric_limits<double>::infinity()});
    }
    return Out;
  }

  bool release(const Stmt *S) override {
    auto Covers = [&](const SplitLoop &L) {
      return L.For == S || llvm::any_of(L.Following, [&](const auto &P) {
               return P.first == S;
             });
    };
    for (const SplitLoop &L : Plan.Loops)
      if (Covers(L))
        llvm::erase_if(Plan.Explain, [&](const Explanation &E) {
          return E.Remapped && E.Loc == L.For->getBeginLoc();
        });
    llvm::erase_if(Plan.Loops, Covers);
    return true;
  }

  ResourceNeeds needs() const override { return {}; }
  unsigned changedStatements() const override { return Plan.Loops.size(); }

  std::string summary(bool Emitted) const override {
    if (Plan.Loops.empty())
      return "";
    return std::to_string(Emitted ? Plan.Loops.size() : 0) + " loop(s) split";
  }

  std::vector<Explanation> explain() const override { return Plan.Explain; }

  /// Whenever it runs: which version is faster is known only after
  /// compilation, so there is no model to consult; with --keep-original
  /// the host measures both.
  /// Fewer registers pay only where the loop's state bounds them, known
  /// after compilation: measured only (TDR_CHOOSE=model keeps the original).
  LaunchCondition launchCondition() const override {
    LaunchCondition C{"", AnyWorkGroupSize};
    C.MeasuredOnly = true;
    return C;
  }

  bool emit(EditList &Edits, std::string &Why) override {
    SourceText Src(Ctx);
    std::vector<SplitLoopEdit> Texts;
    for (const SplitLoop &L : Plan.Loops) {
      std::optional<SplitLoopEdit> T = splitLoopText(Ctx, L);
      if (!T) {
        Why = "the loop at " + Src.where(L.For->getBeginLoc()) +
              " is not spelled in the main file";
        return false;
      }
      if (Edits.touches(T->Replaced.Begin, T->Replaced.End)) {
        Why = "another transform edits inside the loop at " +
              Src.where(L.For->getBeginLoc());
        return false;
      }
      Texts.push_back(std::move(*T));
    }
    for (const SplitLoopEdit &T : Texts)
      Edits.replace(T.Replaced.Begin, T.Replaced.End - T.Replaced.Begin,
                    T.Text);
    return true;
  }

private:
  ASTContext &Ctx;
  LoopSplitPlan Plan;
};

class LoopSplitTransform : public Transform {
public:
  llvm::StringRef name() const override { return "loopsplit"; }
  bool supports(SourceLanguage) const override { return true; }
  std::unique_ptr<TransformPlan> plan(KernelContext &K) override {
    return std::make_unique<LoopSplitTransformPlan>(K.Ctx, planLoopSplit(K));
  }
};

} // namespace

std::unique_ptr<Transform> makeLoopSplitTransform() {
  return std::make_unique<LoopSplitTransform>();
}

} // namespace tdrc
