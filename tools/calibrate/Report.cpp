//===- Report.cpp - The preferred strategies; the summary table ------------===//
#include "Calibrate.h"
#include <cstdio>
#include <map>

namespace tdrc::cal {

/// Per path count, the strategy whose rewrite ran fastest at the longest
/// length (mean time ratio over that count's kernels).
std::vector<std::pair<unsigned, std::string>>
preferredStrategies(const std::vector<Sample> &Samples) {
  std::map<unsigned, std::map<std::string, std::pair<double, unsigned>>> Sum;
  for (const Sample &S : Samples)
    if (S.Error.empty() && !S.Times.empty()) {
      auto &E = Sum[S.Shape.Paths][S.Algo];
      E.first += S.Times.back().Rewrite / S.Times.back().Original;
      ++E.second;
    }
  std::vector<std::pair<unsigned, std::string>> Out;
  for (auto &[P, ByAlgo] : Sum) {
    std::string Best;
    double BestMean = 0;
    for (auto &[A, E] : ByAlgo)
      if (Best.empty() || E.first / E.second < BestMean) {
        Best = A;
        BestMean = E.first / E.second;
      }
    Out.push_back({P, Best});
  }
  return Out;
}

void summary(const DeviceDesc &D, const std::vector<Sample> &Samples,
             const std::vector<Fit> &Fits,
             const std::vector<std::pair<unsigned, std::string>> &Pref,
             const std::vector<int> &Lens) {
  std::printf("tdrc-calibrate: %s (%s, %s)\n", D.Name.c_str(),
              D.Platform.c_str(), D.Version.c_str());
  std::printf("%-18s %-4s %5s %-22s %9s %9s %14s\n", "kernel", "alg", "keys",
              "break-even length", "true cost", "default",
              ("speedup @" + std::to_string(Lens.back())).c_str());
  for (const Sample &S : Samples) {
    std::printf("%-18s %-4s ", S.Shape.name().c_str(), S.Algo.c_str());
    if (!S.Error.empty()) {
      std::printf("FAILED: %s\n", S.Error.c_str());
      continue;
    }
    char Even[32] = "never pays";
    if (S.Even.What == BreakEven::Always)
      std::snprintf(Even, sizeof Even, "always pays");
    else if (S.Even.What == BreakEven::Measured)
      std::snprintf(Even, sizeof Even, "%.1f", S.Even.Len);
    char Cost[32] = "-";
    if (S.Even.What == BreakEven::Measured)
      std::snprintf(Cost, sizeof Cost, "%.0f", S.TrueCost);
    std::printf("%5.0f %-22s %9s %9.0f %13.3fx\n", S.Model.Keys, Even, Cost,
                S.Model.DefaultCost + S.Model.DefaultPerKey * S.Model.Keys,
                S.Times.back().ratio());
  }
  for (const Fit &F : Fits)
    if (F.Used)
      std::printf("%s: cost %.0f + %.1f per key (%s)\n", F.Algo.c_str(), F.Cost,
                  F.PerKey, F.Note.c_str());
    else
      std::printf("%s: %s\n", F.Algo.c_str(), F.Note.c_str());
  std::printf("preferred:");
  for (auto &[P, A] : Pref)
    std::printf(" %u paths %s;", P, A.c_str());
  std::printf("\n");
}

} // namespace tdrc::cal
