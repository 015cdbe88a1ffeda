//===- Feedback.cpp - DGI sizes and the --feedback writes ------------------===//
//
// Per round the kernel reports a per-key summary, not the per-(key,
// neighbourhood) sub-counts themselves: the work-items on each key and the
// number of neighbourhoods the key occurs in, summed over all work-groups
// with global atomics.  That is a fixed-size buffer whatever the NDRange and
// N, costs 2K + 6 atomics per work-group (K keys), and is what the runtime's
// cost model needs: how dense each key is where it occurs (items / cells)
// and how often it occurs (cells / neighbourhoods).
//
//===----------------------------------------------------------------------===//
#include "FeedbackCode.h"
#include "RoundCode.h"
#include "tdrc/TDR/Remap/RemapCode.h"
#include "tdrc/runtime/FeedbackLayout.h"
#include <algorithm>

namespace tdrc {

namespace {

unsigned keysOf(const RemapRound &R) {
  return R.Paths + (R.Region >= 0 ? 1 : 0);
}

/// The DGI rounds of the kernel before R (R's block), and in all.
unsigned dgiBefore(const KernelPlan &Plan, const RemapRound *R) {
  unsigned N = 0;
  for (const RemapRound &Q : Plan.Rounds) {
    if (&Q == R)
      break;
    N += Q.Algo == Algorithm::DGI;
  }
  return N;
}

std::string u(unsigned V) { return std::to_string(V) + "u"; }

} // namespace

DgiSize dgiSize(const KernelPlan &Plan, const RemapRound &R) {
  DgiSize Z;
  unsigned Keys = keysOf(R);
  if (!Plan.FeedbackNeighbors) {
    unsigned Groups = dgiGroups(Plan.MaxWorkGroupSize, R.Neighbors);
    Z.N = u(R.Neighbors);
    Z.Groups = u(Groups);
    Z.Cells = u(Keys * Groups);
    Z.CellsInt = std::to_string(Keys * Groups);
    Z.Describe = std::to_string(R.Neighbors);
    return Z;
  }
  // Never below the planned N: tdr_count is sized for it.
  std::string Floor = std::to_string(R.Neighbors);
  Z.N = R.Neighbors <= 16 ? std::string("TDR_NEIGHBORS")
                          : "(TDR_NEIGHBORS > " + Floor +
                                " ? TDR_NEIGHBORS : " + Floor + ")";
  Z.Groups = "((" + u(Plan.MaxWorkGroupSize) + " + " + Z.N + " - 1u) / " +
             Z.N + ")";
  Z.Cells = u(Keys) + " * " + Z.Groups;
  Z.CellsInt = "(int)(" + Z.Cells + ")";
  Z.Describe = "TDR_NEIGHBORS, at least " + Floor;
  return Z;
}

std::string feedbackMacros(const KernelPlan &Plan) {
  if (!Plan.FeedbackNeighbors || !Plan.MaxDgiCounts)
    return "";
  return "#ifndef TDR_NEIGHBORS /* tdrc --feedback: DGI's neighbouring "
         "factor; build with -DTDR_NEIGHBORS=16, 32 or 64 to change it */\n"
         "#define TDR_NEIGHBORS " +
         std::to_string(Plan.FeedbackNeighbors) +
         "\n#endif\n"
         "#if TDR_NEIGHBORS != 16 && TDR_NEIGHBORS != 32 && TDR_NEIGHBORS != 64\n"
         "#error \"TDR_NEIGHBORS must be 16, 32 or 64\"\n"
         "#endif\n";
}

void feedbackWrites(CodeBuilder &B, const KernelPlan &Plan,
                    const RemapRound &R, const DgiSize &Z) {
  unsigned Slot = dgiBefore(Plan, &R);
  if (!Plan.FeedbackNeighbors || Slot >= TDR_FEEDBACK_MAX_ROUNDS)
    return;
  unsigned Reported = std::min(dgiBefore(Plan, nullptr),
                               unsigned(TDR_FEEDBACK_MAX_ROUNDS));
  unsigned At = 1 + Slot * TDR_FEEDBACK_ROUND_WORDS;
  std::string Keys = u(keysOf(R));
  auto Word = [&](unsigned Field) {
    return "&tdr_feedback[" + u(At + Field) + "]";
  };
  B.open("if (" + enabledFlag(R) + " && tdr_feedback != 0) { /* tdrc "
         "--feedback: the round's sizes; per key, its work-items and the "
         "neighbourhoods it occurs in */");
  B.open("if (tdr_plid == 0u) {");
  B.line("atomic_max(&tdr_feedback[0], " + u(Reported) + ");");
  B.line("atomic_max(" + Word(TDR_FB_N) + ", (uint)(" + Z.N + "));");
  B.line("atomic_max(" + Word(TDR_FB_FLOOR) + ", " + u(R.Neighbors) + ");");
  B.line("atomic_max(" + Word(TDR_FB_KEYS) + ", " + Keys + ");");
  B.line("atomic_inc(" + Word(TDR_FB_GROUPS) + ");");
  B.line("atomic_max(" + Word(TDR_FB_BOUND) + ", " + u(Plan.MaxWorkGroupSize) +
         ");");
  B.close();
  // After the scan tdr_count holds first slots: a cell's count is the next
  // cell's first slot (the group size after the last) minus its own.
  B.open("for (uint tdr_q = tdr_plid; tdr_q < " + Keys +
         "; tdr_q += tdr_wgsize) {");
  B.line("const uint tdr_lo = tdr_q * " + Z.Groups + ", tdr_hi = tdr_lo + " +
         Z.Groups + ";");
  B.line("uint tdr_cells = 0u;");
  B.line("for (uint tdr_i = tdr_lo; tdr_i < tdr_hi; ++tdr_i) tdr_cells += "
         "(tdr_i + 1u < " + Z.Cells + " ? (uint)tdr_count[tdr_i + 1u] : "
         "tdr_wgsize) != (uint)tdr_count[tdr_i];");
  B.line("atomic_add(&tdr_feedback[" + u(At + TDR_FB_KEY) + " + 2u * tdr_q], "
         "(tdr_hi < " + Z.Cells + " ? (uint)tdr_count[tdr_hi] : tdr_wgsize) - "
         "(uint)tdr_count[tdr_lo]);");
  B.line("atomic_add(&tdr_feedback[" + u(At + TDR_FB_KEY + 1) +
         " + 2u * tdr_q], tdr_cells);");
  B.close();
  B.close();
}

std::string feedbackNote(const KernelPlan &Plan) {
  unsigned Dgi = dgiBefore(Plan, nullptr);
  if (!Plan.FeedbackNeighbors || !Dgi)
    return "";
  unsigned Reported = std::min(Dgi, unsigned(TDR_FEEDBACK_MAX_ROUNDS));
  return "feedback: DGI's N is TDR_NEIGHBORS (default " +
         std::to_string(Plan.FeedbackNeighbors) +
         ", never below a round's planned N); " + std::to_string(Reported) +
         " of " + std::to_string(Dgi) +
         " DGI round(s) report to the last parameter tdr_feedback";
}

} // namespace tdrc
