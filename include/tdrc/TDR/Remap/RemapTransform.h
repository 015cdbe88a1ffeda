//===- RemapTransform.h - Thread-data remapping as a transform -------------===//
//
// The remap transform (Lin, Wang & Liu, TACO 2018): before a divergent
// branch, a round regroups the work-items of a work-group by the path they
// take and moves their live state with them.  Its planner is RemapPlanner.h,
// its strategies (Head-or-Tail, DGI, warp-aggregated Head-or-Tail, the
// ballot partition) are Strategy.h, its text is RemapCode.h and
// RemapEmitter.h.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_REMAP_REMAPTRANSFORM_H
#define TDRC_TDR_REMAP_REMAPTRANSFORM_H

#include <memory>

namespace tdrc {

class Transform;
std::unique_ptr<Transform> makeRemapTransform();

} // namespace tdrc

#endif
