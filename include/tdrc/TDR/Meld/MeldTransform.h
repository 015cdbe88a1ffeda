//===- MeldTransform.h - Control-flow melding as a transform --------------===//
//
// The meld transform (control-flow melding, after DARM, Saumya, Sundararajah
// & Kulkarni, CGO'22, done on the AST instead of LLVM IR): where the two
// sides of a divergent if/else do similar work, they become one sequence
// that every work-item runs.  Statements of the two sides are aligned
// (Needleman-Wunsch over DARM's weights); an aligned pair is written once,
// with the operands that differ turned into `c ? a : b` (only one side is
// evaluated: nothing is speculated); unaligned statements stay under
// `if (c)` / `if (!c)`; nested ifs and loops of the same shape meld region by
// region.  No barrier and no local memory, so it works where a remap round
// cannot be placed.  Planner: Meld/MeldPlanner.cpp; text: Meld/MeldEmitter.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_MELD_MELDTRANSFORM_H
#define TDRC_TDR_MELD_MELDTRANSFORM_H

#include <memory>

namespace tdrc {

class Transform;
std::unique_ptr<Transform> makeMeldTransform();

} // namespace tdrc

#endif
