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
  std::string J = I + "  ", K = I + "    ";
  std::string S;
  S += I + "{ /* tdrc: round " + std::to_string(R.Index) +
       ", Head-or-Tail regrouping of " + D.Items + " by path for the branch at " +
       Where + " */\n";
  S += J + "if (" + enabledFlag(R) + " && tdr_plid == 0u) { tdr_head = 0; tdr_tail = "
           "(int)tdr_wgsize - 1;" +
       std::string(Region ? " tdr_ninactive = 0;" : "") + " }\n";
  S += J + D.barrier(false) + "\n";
  if (Region) {
    S += J + "if (" + enabledFlag(R) + " && !tdr_active) tdr_rank = " +
         D.atomicInc("tdr_ninactive") + ";\n";
    S += J + D.barrier(false) + "\n";
  }
  S += J + "if (" + enabledFlag(R) + ") {\n";
  if (Region) {
    S += K + "int tdr_pos;\n";
    S += K + "if (!tdr_active) tdr_pos = (int)tdr_wgsize - 1 - tdr_rank; "
             "/* inactive: the last slots */\n";
    S += K + "else if (tdr_path) tdr_pos = " + D.atomicInc("tdr_head") + ";\n";
    S += K + "else tdr_pos = " + D.atomicDec("tdr_tail") + " - tdr_ninactive;\n";
  } else {
    S += K + "const int tdr_pos = tdr_path ? " + D.atomicInc("tdr_head") +
         " : " + D.atomicDec("tdr_tail") + ";\n";
  }
  S += K + "tdr_pool[tdr_pos] = tdr_lid;\n";
  S += K + "tdr_path_of[tdr_pos] = (" + D.UChar +
       (Region ? ")(tdr_active ? tdr_path : 2);\n" : ")tdr_path;\n");
  emitSaves(S, Plan, R, K);
  S += J + "}\n";
  emitHandOver(S, Plan, R, Recompute, enabledFlag(R), J, D);
  S += I + "}\n";
  return S;
}

} // namespace tdrc
