//===- FeedbackModelTest.cpp - Parsing tdr_feedback; the choice of N -------===//
#include "tdrc/runtime/Error.h"
#include "tdrc/runtime/FeedbackLayout.h"
#include "tdrc/runtime/FeedbackModel.h"
#include <gtest/gtest.h>

using namespace tdrc::rt;

namespace {

/// A round as the kernel would report it: Groups groups of 256, bound 256.
RoundFeedback round(unsigned N, unsigned Floor,
                    std::vector<RoundFeedback::Key> Keys, uint32_t Groups = 64) {
  RoundFeedback R;
  R.N = N;
  R.Floor = Floor;
  R.Keys = unsigned(Keys.size());
  R.Groups = Groups;
  R.Bound = 256;
  R.PerKey = std::move(Keys);
  return R;
}

/// Five keys, the fifth (inactive) empty; Per[p] = (items, cells) per group.
RoundFeedback perGroup(unsigned N, std::vector<std::pair<uint32_t, uint32_t>> Per) {
  std::vector<RoundFeedback::Key> Keys;
  for (auto [I, C] : Per)
    Keys.push_back({I * 64, C * 64});
  while (Keys.size() < 5)
    Keys.push_back({0, 0});
  return round(N, 16, Keys);
}

TEST(FeedbackModel, ParsesTheLayout) {
  std::vector<uint32_t> W(TDR_FEEDBACK_WORDS, 0);
  W[0] = 2;
  uint32_t *B = &W[1 + TDR_FEEDBACK_ROUND_WORDS]; // the second round's block
  B[TDR_FB_N] = 32;
  B[TDR_FB_FLOOR] = 16;
  B[TDR_FB_KEYS] = 2;
  B[TDR_FB_GROUPS] = 3;
  B[TDR_FB_BOUND] = 128;
  B[TDR_FB_KEY + 0] = 300;
  B[TDR_FB_KEY + 1] = 12;
  B[TDR_FB_KEY + 2] = 84;
  B[TDR_FB_KEY + 3] = 9;
  std::vector<RoundFeedback> R = parseFeedback(W.data(), W.size());
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].N, 0u); // did not run
  EXPECT_EQ(R[1].N, 32u);
  EXPECT_EQ(R[1].Groups, 3u);
  EXPECT_EQ(R[1].Bound, 128u);
  ASSERT_EQ(R[1].PerKey.size(), 2u);
  EXPECT_EQ(R[1].PerKey[1].Items, 84u);
  EXPECT_EQ(R[1].PerKey[1].Cells, 9u);
  EXPECT_EQ(reportedNeighbors(R), 32u);

  B[TDR_FB_N] = 20; // not 16, 32 or 64
  EXPECT_THROW(parseFeedback(W.data(), W.size()), Error);
  B[TDR_FB_N] = 32;
  B[TDR_FB_KEY + 3] = 85; // more cells than items
  EXPECT_THROW(parseFeedback(W.data(), W.size()), Error);
  B[TDR_FB_KEY + 3] = 9;
  W[0] = TDR_FEEDBACK_MAX_ROUNDS + 1;
  EXPECT_THROW(parseFeedback(W.data(), W.size()), Error);
  EXPECT_THROW(parseFeedback(W.data(), 10), Error);
}

TEST(FeedbackModel, TermsFollowTheEmittedCode) {
  // One key everywhere: the forward search stops at once (F = 1), so T(N)
  // is the rank loop plus the scan.
  RoundFeedback Uniform = perGroup(16, {{256, 16}});
  EXPECT_DOUBLE_EQ(roundCost(Uniform, 16), 15 + 1 + 2.0 * 5 * 16);
  EXPECT_DOUBLE_EQ(roundCost(Uniform, 64), 63 + 1 + 2.0 * 5 * 4);
  // A singleton key in every neighbourhood of 64: its search runs to the
  // end, (64 - 1) / 2 on average.
  RoundFeedback Single = perGroup(64, {{252, 4}, {4, 4}});
  EXPECT_DOUBLE_EQ(roundCost(Single, 64), 63 + (1 + 63.0 / 2) + 2.0 * 5 * 4);
  CostModel Cheap;
  Cheap.ScanWeight = 0;
  EXPECT_DOUBLE_EQ(roundCost(Uniform, 32, Cheap), 31 + 1);
}

TEST(FeedbackModel, BalancedKeepsNSkewedLowersIt) {
  RoundFeedback Balanced = perGroup(64, {{64, 4}, {64, 4}, {64, 4}, {64, 4}});
  EXPECT_EQ(chooseNeighbors({Balanced}, 64), 64u);
  RoundFeedback Skewed = perGroup(64, {{252, 4}, {4, 4}});
  unsigned Next = chooseNeighbors({Skewed}, 64);
  EXPECT_LT(Next, 64u);
  // Measured again at the new N (half the 32-neighbourhoods hold the rare
  // item), the choice stays.
  RoundFeedback Again = perGroup(32, {{252, 8}, {4, 4}});
  EXPECT_EQ(chooseNeighbors({Again}, Next), Next);
}

TEST(FeedbackModel, FloorsAndEmptyReports) {
  EXPECT_EQ(chooseNeighbors({}, 32), 32u);
  EXPECT_EQ(chooseNeighbors({RoundFeedback{}}, 32), 32u); // did not run
  // A round that allows N >= 32 only: 16 is never chosen.
  RoundFeedback Skewed = perGroup(64, {{252, 4}, {4, 4}});
  Skewed.Floor = 32;
  EXPECT_EQ(chooseNeighbors({Skewed}, 64), 32u);
  // Hysteresis: a gain under 5% keeps the current N.
  RoundFeedback Balanced = perGroup(64, {{64, 4}, {64, 4}, {64, 4}, {64, 4}});
  CostModel Sticky;
  Sticky.Hysteresis = 0.9;
  EXPECT_EQ(chooseNeighbors({Skewed}, 64, Sticky), 64u);
  EXPECT_EQ(chooseNeighbors({Balanced}, 16, Sticky), 16u);
}

} // namespace
