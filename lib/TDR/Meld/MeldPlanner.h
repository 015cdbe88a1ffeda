//===- MeldPlanner.h - Which divergent if/else are melded -----------------===//
#ifndef TDRC_LIB_TDR_MELD_MELDPLANNER_H
#define TDRC_LIB_TDR_MELD_MELDPLANNER_H

#include "MeldPlan.h"

namespace tdrc {

struct KernelContext;
MeldPlan planMeld(KernelContext &K);

} // namespace tdrc

#endif
