//===- HeadOrTail.cpp - Head-or-Tail rounds (the paper's Algorithm 1) -----===//
//
// Two paths: one atomic per work-item on a head/tail pair gives its slot --
// the taken path from the head, the other from the tail, inactive
// work-items (bounds guards, early returns) the last slots.  Two barriers
// (three with inactive work-items), no ordering: coalescing is not kept.
//
//===----------------------------------------------------------------------===//
#include "RoundCode.h"

namespace tdrc {

std::string headOrTail(const KernelPlan &Plan, const RemapRound &R,
                       const std::vector<std::string> &Recompute,
                       const std::string &Where, const std::string &I,
                       const Dialect &D) {
  bool Region = R.Region >= 0;
  std::string On = enabledFlag(R);
  CodeBuilder B(I);
  B.open("{ /* tdrc: round " + std::to_string(R.Index) +
         ", Head-or-Tail regrouping of " + D.Items +
         " by path for the branch at " + Where + " */");
  emitHeadOrTailReset(B, R, D);
  if (Region) {
    B.line("if (" + On + " && !tdr_active) tdr_rank = " +
           D.atomicInc("tdr_ninactive") + ";");
    B.line(D.barrier(false));
  }
  B.open("if (" + On + ") {");
  if (Region) {
    B.line("int tdr_pos;");
    B.line("if (!tdr_active) tdr_pos = (int)tdr_wgsize - 1 - tdr_rank; "
           "/* inactive: the last slots */");
    B.line("else if (tdr_path) tdr_pos = " + D.atomicInc("tdr_head") + ";");
    B.line("else tdr_pos = " + D.atomicDec("tdr_tail") + " - tdr_ninactive;");
  } else {
    B.line("const int tdr_pos = tdr_path ? " + D.atomicInc("tdr_head") +
           " : " + D.atomicDec("tdr_tail") + ";");
  }
  emitHeadOrTailSlotAndHandOver(B, Plan, R, Recompute, D);
  return B.str();
}

} // namespace tdrc
