//===- LoopSplitTransform.h - Loop splitting as a transform ----------------===//
//
// The loopsplit transform (loop splitting, Carrillo, Siegel & Li, CF'09): a
// loop whose statements fall into groups that share no variable and no
// memory becomes one loop per group, with the same header.  Each loop
// carries only its own group's state, so the registers the loop needs fall
// and, where registers bound the occupancy, more warps run per SM.  Which
// version is faster is known only after compilation and at launch: the
// kernel is rewritten in place and `--keep-original` lets the host measure
// both.  Planner: LoopSplit/LoopSplitPlanner.cpp; docs/loopsplit.md.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_LOOPSPLIT_LOOPSPLITTRANSFORM_H
#define TDRC_TDR_LOOPSPLIT_LOOPSPLITTRANSFORM_H

#include <memory>

namespace tdrc {

class Transform;
std::unique_ptr<Transform> makeLoopSplitTransform();

} // namespace tdrc

#endif
