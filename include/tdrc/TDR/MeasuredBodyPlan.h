//===- MeasuredBodyPlan.h - A plan that reshapes the body, kept by measure -===//
//
// The dwa and bpu transforms rewrite the whole kernel body, and what they
// gain depends on the data (the spread of trip counts, how paths mix in a
// work-item's items), which only a launch shows.  Their plans claim the
// body with a gain of zero (a remap round or a meld that wants a statement
// keeps it) and ask the launch-time choice to keep the rewrite only where it
// is 5% faster: the rewrites' times vary more from launch to launch than
// the original's (on an H100 a pool timed 2.7% faster while exploring ran
// 4-6% slower afterwards).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_MEASUREDBODYPLAN_H
#define TDRC_TDR_MEASUREDBODYPLAN_H

#include "tdrc/TDR/Transform.h"

namespace tdrc {

class MeasuredBodyPlan : public TransformPlan {
public:
  MeasuredBodyPlan(const clang::CompoundStmt *Body, bool Changes,
                   std::vector<Explanation> Explain)
      : Body(Body), Changes(Changes), Explain(std::move(Explain)) {}

  bool changesKernel() const override { return Changes; }
  std::vector<std::pair<const clang::Stmt *, double>> claims() const override {
    if (!Changes)
      return {};
    return {{Body, 0.0}};
  }
  unsigned changedStatements() const override { return Changes ? 1 : 0; }
  std::vector<Explanation> explain() const override { return Explain; }
  LaunchCondition launchCondition() const override {
    LaunchCondition C{"", AnyWorkGroupSize};
    C.Margin = 0.05;
    C.MeasuredOnly = true; // whether the items' paths differ: data only
    return C;
  }

private:
  const clang::CompoundStmt *Body;
  bool Changes;
  std::vector<Explanation> Explain;
};

} // namespace tdrc

#endif
