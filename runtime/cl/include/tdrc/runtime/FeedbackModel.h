//===- FeedbackModel.h - Reading tdr_feedback and choosing DGI's N ---------===//
//
// Plain C++, no OpenCL calls: the launch helper (Kernel) feeds it the words
// a `tdrc --feedback` kernel wrote (FeedbackLayout.h), and it predicts, for
// N = 16, 32 and 64, the cost of one work-group's DGI rounds as emitted:
//
//   T(N) = (n - 1) + F(N) + ScanWeight * K * ceil(B / N)
//
// n = min(N, work-group size).  (n - 1): the rank loop over the work-items
// before me, as long as the neighbourhood for its last work-item (SIMD lanes
// run in lockstep).  F(N): the longest forward search for the next item on
// my path; for a key that occurs with m items in a neighbourhood it is about
// 1 + (n - m) / (m + 1) (the expected gap after its last item), weighted by
// how often the key occurs, and the neighbourhood pays for its worst key.
// Balanced keys keep F small at any N; a rare key next to a dominant one
// makes F grow like N / 2, so skew makes the rank term dominate and favours
// a smaller N.  The last term is the serial scan over K keys x ceil(B / N)
// cells (B: the kernel's work-group bound), ScanWeight local accesses each.
// The counts measured at one N are carried to the others by assuming a
// key's items fall independently into the merged or split neighbourhoods.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_FEEDBACKMODEL_H
#define TDRC_RUNTIME_FEEDBACKMODEL_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tdrc::rt {

/// One DGI round's report, summed over a launch's work-groups.
struct RoundFeedback {
  unsigned N = 0;      // neighbouring factor used (0: the round did not run)
  unsigned Floor = 0;  // the smallest N the round allows
  unsigned Keys = 0;   // paths, plus the inactive key where there is one
  uint32_t Groups = 0; // work-groups that ran it
  unsigned Bound = 0;  // work-group bound its arrays are sized for
  struct Key {
    uint32_t Items = 0; // work-items on this key
    uint32_t Cells = 0; // (key, neighbourhood) cells with any
  };
  std::vector<Key> PerKey;
};

/// The rounds of a feedback buffer (Words: TDR_FEEDBACK_WORDS of them).
/// Throws Error when the words contradict the layout.
std::vector<RoundFeedback> parseFeedback(const uint32_t *Words, size_t Count);

struct CostModel {
  double ScanWeight = 2.0; // a scan cell: a local load and a store
  double Hysteresis = 0.05; // switch only for a predicted gain above 5%
};

/// T(N) of one work-group in R (R must have run: Groups > 0).
double roundCost(const RoundFeedback &R, unsigned N, const CostModel &M = {});

/// The N of the launch the report comes from: the smallest any round used.
unsigned reportedNeighbors(const std::vector<RoundFeedback> &Rounds);

/// N (16, 32 or 64) for the next launch: the lowest sum over rounds of
/// Groups * T(max(N, Floor)), unless it beats Current by at most the
/// hysteresis; Current when no round ran.
unsigned chooseNeighbors(const std::vector<RoundFeedback> &Rounds,
                         unsigned Current, const CostModel &M = {});

} // namespace tdrc::rt

#endif
