//===- DataGroupIndexing.cpp - DGI rounds (the paper's Algorithm 2) --------===//
//
// Any number of paths.  Work-items are cut into neighbourhoods of N; each
// finds its rank among the same-path work-items of its neighbourhood, the
// last of each path there writes the sub-count, one exclusive scan over
// (path, neighbourhood) gives every sub-group its first slot, and a
// work-item's slot is that plus its rank.  The order is path-major, then by
// physical ID, so the remap is stable: work-items of one path keep their
// relative order and with it the coalescing of their accesses.  Inactive
// work-items (bounds guards, early returns) form the last path.  A work-item
// whose slot is its own physical ID moves nothing; when the whole group takes
// one path every slot is, so the group skips all data movement.
//
// No atomics: the sub-counts come from the ranks, which cost at most N
// local-memory reads per work-item.
//
//===----------------------------------------------------------------------===//
#include "FeedbackCode.h"
#include "RoundCode.h"
#include "tdrc/TDR/Remap/RemapCode.h"

namespace tdrc {

std::string dataGroupIndexing(const KernelPlan &Plan, const RemapRound &R,
                              const std::vector<std::string> &Recompute,
                              const std::string &Where, const std::string &I,
                              const Dialect &D) {
  bool Region = R.Region >= 0;
  std::string On = enabledFlag(R), UChar = D.UChar, UInt = D.UInt;
  DgiSize Z = dgiSize(Plan, R); // literals, or TDR_NEIGHBORS (--feedback)
  const std::string &N = Z.N;
  std::string Key = Region ? "tdr_active ? tdr_path : " +
                                 std::to_string(inactivePath(R))
                           : std::string("tdr_path");
  std::string Cell = "tdr_p * " + Z.Groups + " + tdr_plid / " + N;
  CodeBuilder B(I);
  B.open("{ /* tdrc: round " + std::to_string(R.Index) + ", Data Group "
         "Indexing of " + D.Items + " over " + std::to_string(R.Paths) +
         " paths (neighbourhoods of " + Z.Describe + ") for the branch at " +
         Where + " */");
  B.open("if (" + On + ") {");
  B.line("tdr_path_in[tdr_plid] = (" + UChar + ")(" + Key + ");");
  B.line("for (" + UInt + " tdr_i = tdr_plid; tdr_i < " + Z.Cells +
         "; tdr_i += tdr_wgsize) tdr_count[tdr_i] = 0;");
  B.close();
  B.line(D.barrier(false));
  B.open("if (" + On + ") { /* rank among my neighbourhood's " + D.Items +
         " on my path; the last of them writes their count */");
  B.line("const " + UInt + " tdr_p = tdr_path_in[tdr_plid], tdr_first = "
         "tdr_plid / " + N + " * " + N + ";");
  B.line("const " + UInt + " tdr_end = tdr_first + " + N +
         " < tdr_wgsize ? tdr_first + " + N + " : tdr_wgsize;");
  B.line(UInt + " tdr_j = tdr_first;");
  B.line("tdr_rank = 0;");
  B.line("for (; tdr_j < tdr_plid; ++tdr_j) tdr_rank += tdr_path_in[tdr_j] "
         "== tdr_p;");
  B.line("for (tdr_j = tdr_plid + 1u; tdr_j < tdr_end && tdr_path_in[tdr_j] "
         "!= tdr_p; ++tdr_j) {}");
  B.line("if (tdr_j == tdr_end) tdr_count[" + Cell + "] = tdr_rank + 1;");
  B.close();
  B.line(D.barrier(false));
  B.open("if (" + On + " && tdr_plid == 0u) { /* exclusive scan: first "
         "slot of each path and neighbourhood */");
  B.line("int tdr_sum = 0;");
  B.open("for (int tdr_i = 0; tdr_i < " + Z.CellsInt + "; ++tdr_i) {");
  B.line("const int tdr_c = tdr_count[tdr_i];");
  B.line("tdr_count[tdr_i] = tdr_sum;");
  B.line("tdr_sum += tdr_c;");
  B.close();
  B.close();
  B.line(D.barrier(false));
  feedbackWrites(B, Plan, R, Z);
  B.open("if (" + On + ") {");
  B.line("const " + UInt + " tdr_p = tdr_path_in[tdr_plid];");
  B.line("const int tdr_pos = tdr_count[" + Cell + "] + tdr_rank;");
  emitStableSlotAndHandOver(B, Plan, R, Recompute, D);
  return B.str();
}

} // namespace tdrc
