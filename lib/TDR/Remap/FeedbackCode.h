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

/// The round's feedback writes, placed after its scan ("" when it reports
/// nothing).  J and K are the round's indentations.
std::string feedbackWrites(const KernelPlan &Plan, const RemapRound &R,
                           const DgiSize &Z, const std::string &J,
                           const std::string &K);

/// --explain's note on the kernel's feedback ("" when it has none).
std::string feedbackNote(const KernelPlan &Plan);

} // namespace tdrc

#endif
