//===- FeedbackModel.cpp - The cost model behind the choice of N ----------===//
#include "tdrc/runtime/FeedbackModel.h"
#include "tdrc/runtime/Error.h"
#include "tdrc/runtime/FeedbackLayout.h"
#include <algorithm>
#include <cmath>
#include <string>

namespace tdrc::rt {

namespace {

bool validN(unsigned N) { return N == 16 || N == 32 || N == 64; }

[[noreturn]] void bad(unsigned Round, const std::string &What) {
  throw Error("tdr_feedback: round " + std::to_string(Round + 1) + ": " +
              What);
}

/// Presence (share of neighbourhoods with the key) and mean items where
/// present, carried from neighbourhoods of Have to neighbourhoods of Want.
void rescale(double &Pi, double &M, double Have, double Want) {
  if (Want > Have) { // merge K neighbourhoods
    double K = Want / Have, P = 1 - std::pow(1 - Pi, K);
    M = K * Pi * M / P;
    Pi = P;
  } else if (Want < Have) { // split into K, the items spread evenly
    double K = Have / Want, P = Pi * (1 - std::pow(1 - 1 / K, M));
    M = Pi * M / (K * P);
    Pi = P;
  }
}

} // namespace

std::vector<RoundFeedback> parseFeedback(const uint32_t *W, size_t Count) {
  if (Count < TDR_FEEDBACK_WORDS)
    throw Error("tdr_feedback: " + std::to_string(Count) + " words, want " +
                std::to_string(TDR_FEEDBACK_WORDS));
  if (W[0] > TDR_FEEDBACK_MAX_ROUNDS)
    throw Error("tdr_feedback: " + std::to_string(W[0]) + " rounds, at most " +
                std::to_string(TDR_FEEDBACK_MAX_ROUNDS));
  std::vector<RoundFeedback> Rounds(W[0]);
  for (unsigned R = 0; R < W[0]; ++R) {
    const uint32_t *B = W + 1 + R * TDR_FEEDBACK_ROUND_WORDS;
    RoundFeedback &F = Rounds[R];
    F.N = B[TDR_FB_N];
    if (!F.N)
      continue; // the round did not run
    F.Floor = B[TDR_FB_FLOOR];
    F.Keys = B[TDR_FB_KEYS];
    F.Groups = B[TDR_FB_GROUPS];
    F.Bound = B[TDR_FB_BOUND];
    if (!validN(F.N) || !validN(F.Floor) || F.N < F.Floor)
      bad(R, "N " + std::to_string(F.N) + " with floor " +
                 std::to_string(F.Floor));
    if (!F.Keys || F.Keys > TDR_FEEDBACK_MAX_KEYS || !F.Groups || !F.Bound)
      bad(R, "keys, groups or bound out of range");
    for (unsigned P = 0; P < F.Keys; ++P) {
      F.PerKey.push_back({B[TDR_FB_KEY + 2 * P], B[TDR_FB_KEY + 2 * P + 1]});
      if (F.PerKey.back().Cells > F.PerKey.back().Items)
        bad(R, "more non-empty cells than work-items");
    }
  }
  return Rounds;
}

double roundCost(const RoundFeedback &R, unsigned N, const CostModel &M) {
  double Items = 0;
  for (const RoundFeedback::Key &K : R.PerKey)
    Items += K.Items;
  double WG = Items / R.Groups; // work-items per group
  double Have = std::min<double>(R.N, WG), Want = std::min<double>(N, WG);
  double Hoods = R.Groups * std::ceil(WG / R.N); // neighbourhoods measured
  double F = 1;
  for (const RoundFeedback::Key &K : R.PerKey) {
    if (!K.Cells)
      continue;
    double Pi = K.Cells / Hoods, Mean = double(K.Items) / K.Cells;
    rescale(Pi, Mean, Have, Want);
    Mean = std::min(Mean, Want);
    F = std::max(F, 1 + Pi * (Want - Mean) / (Mean + 1));
  }
  double Scan = M.ScanWeight * R.Keys * std::ceil(double(R.Bound) / N);
  return (Want - 1) + F + Scan;
}

unsigned reportedNeighbors(const std::vector<RoundFeedback> &Rounds) {
  unsigned N = 0;
  for (const RoundFeedback &R : Rounds)
    if (R.N && (!N || R.N < N))
      N = R.N;
  return N;
}

unsigned chooseNeighbors(const std::vector<RoundFeedback> &Rounds,
                         unsigned Current, const CostModel &M) {
  auto Cost = [&](unsigned N) {
    double C = 0;
    for (const RoundFeedback &R : Rounds)
      if (R.N)
        C += double(R.Groups) * roundCost(R, std::max(N, R.Floor), M);
    return C;
  };
  if (!reportedNeighbors(Rounds))
    return Current;
  unsigned Lowest = 64; // below every round's floor, N changes nothing
  for (const RoundFeedback &R : Rounds)
    if (R.N)
      Lowest = std::min(Lowest, R.Floor);
  unsigned Best = Current;
  double BestCost = validN(Current) ? Cost(Current) : INFINITY;
  double Keep = BestCost * (1 - M.Hysteresis);
  for (unsigned N : {16u, 32u, 64u}) {
    if (N < Lowest)
      continue;
    double C = Cost(N);
    if (C < BestCost && (!validN(Current) || C < Keep)) {
      Best = N;
      BestCost = C;
    }
  }
  return Best;
}

} // namespace tdrc::rt
