//===- PathUnifyTransform.h - Branch path unification as a transform ------===//
//
// The bpu transform (branch path unification, Kato, Suda & Tamada): each
// work-item runs the items of the same place in several work-groups, and
// visits them path by path, one cursor per path, so that the lanes of a
// warp run one side of a divergent branch together.  It needs no barrier and
// no local memory.  Planner: PathUnify/UnifyPlanner.cpp; text:
// PathUnify/UnifyEmitter.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_PATHUNIFY_PATHUNIFYTRANSFORM_H
#define TDRC_TDR_PATHUNIFY_PATHUNIFYTRANSFORM_H

#include <memory>

namespace tdrc {

class Transform;
std::unique_ptr<Transform> makePathUnifyTransform();

} // namespace tdrc

#endif
