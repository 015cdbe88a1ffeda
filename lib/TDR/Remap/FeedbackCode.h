//===- FeedbackCode.h - DGI sizes and the --feedback writes ----------------===//
//
// Internal to lib/TDR.  Without --feedback a DGI round's N, neighbourhood
// count and cell count are literals.  With it N is the macro TDR_NEIGHBORS
// (set at build time, default from --neighbors), never below the N the round
// was planned and sized with, so its local arrays, sized for that smallest
// N, stay large enough; and each round adds what the runtime's choice of N
// needs to the kernel's last parameter tdr_feedback (layout:
// runtime/cl/include/tdrc/runtime/FeedbackLayout.h).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_FEEDBACKCODE_H
#define TDRC_LIB_TDR_FEEDBACKCODE_H

#include "tdrc/Rewriter/CodeBuilder.h"
#include "tdrc/TDR/Remap/RemapPlan.h"
#include <string>

namespace tdrc {

/// A DGI round's sizes as OpenCL C expressions (all unsigned but CellsInt).
struct DgiSize {
  std::string N;        // neighbouring factor: "16u", or TDR_NEIGHBORS
  std::string Groups;   // neighbourhoods per work-group bound
  std::string Cells;    // keys x neighbourhoods
  std::string CellsInt; // the same as an int
  std::string Describe; // N for the round's comment
};
DgiSize dgiSize(const KernelPlan &Plan, const RemapRound &R);

/// The TDR_NEIGHBORS default and check, for the kernel's prologue ("" without
/// --feedback or DGI rounds).
std::string feedbackMacros(const KernelPlan &Plan);

/// The round's feedback writes, placed after its scan (nothing when it
/// reports nothing), at B's indentation.
void feedbackWrites(CodeBuilder &B, const KernelPlan &Plan,
                    const RemapRound &R, const DgiSize &Z);

/// --explain's note on the kernel's feedback ("" when it has none).
std::string feedbackNote(const KernelPlan &Plan);

} // namespace tdrc

#endif
