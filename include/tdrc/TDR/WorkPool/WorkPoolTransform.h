//===- WorkPoolTransform.h - Dynamic work assignment as a transform -------===//
//
// The work-pool transform (dynamic work assignment, Kato, Suda & Tamada):
// where a kernel's work is a loop whose trip count differs between its
// work-items, a work-item that finishes its item's loop takes the next
// unprocessed item from a pool in local memory instead of idling, so the
// lanes of a warp stay busy until the pool is empty.  A work-group owns the
// items of several groups (coarsening); the others leave at once.  Its
// planner is WorkPool/PoolPlanner.cpp, its text WorkPool/PoolEmitter.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_WORKPOOL_WORKPOOLTRANSFORM_H
#define TDRC_TDR_WORKPOOL_WORKPOOLTRANSFORM_H

#include <memory>

namespace tdrc {

class Transform;
std::unique_ptr<Transform> makeWorkPoolTransform();

} // namespace tdrc

#endif
