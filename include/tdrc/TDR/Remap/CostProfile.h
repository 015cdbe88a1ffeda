//===- CostProfile.h - The profitability model's constants, per device -----===//
//
// The model's round costs are compiled in (the strategy table, Strategy.h),
// measured on one GPU.  A cost profile (`tdrc --cost-profile FILE`, JSON,
// docs/cost-profile.md) is the same constants measured on the user's device
// by tdrc-calibrate: it overrides only what it gives, and only for kernels
// of the API it was measured through.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_REMAP_COSTPROFILE_H
#define TDRC_TDR_REMAP_COSTPROFILE_H

#include "tdrc/TDR/Remap/Strategy.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <string>

namespace tdrc {

/// What a profile gives for one strategy; unset fields keep the defaults.
struct StrategyCosts {
  std::optional<double> Cost, PerKey, ScatterPrice, PerWord;
};

struct CostProfile {
  static constexpr int FormatVersion = 1; // "tdrc-cost-profile": 1
  std::string Device; // "device": names the profile in --explain
  bool Cuda = false;  // "api": "cuda" or "opencl"
  std::map<Algorithm, StrategyCosts> Strategies;
  /// "preferred": path count -> the strategy the device ran fastest.
  std::map<unsigned, Algorithm> Preferred;
};

/// Parses a profile; File names it in the error, which is one clang-style
/// line "File:LINE:COL: error: ...".
llvm::Expected<CostProfile> parseCostProfile(llvm::StringRef Text,
                                             llvm::StringRef File);
/// Reads and parses the file Path (an unreadable file is an error too).
llvm::Expected<CostProfile> loadCostProfile(llvm::StringRef Path);

/// The model's constants for one language: a profile's where it gives them
/// and was measured through that language's API, else the compiled-in ones.
class CostModel {
public:
  CostModel(const CostProfile *Profile, bool Cuda)
      : P(Profile && Profile->Cuda == Cuda ? Profile : nullptr), Cuda(Cuda) {}
  /// The fixed cost of a round over Keys keys (paths, plus one for inactive
  /// work-items), in the model's weighted operations.
  double roundCost(Algorithm A, unsigned Keys) const;
  /// A migrated 32-bit word: stored and loaded once.
  double perWord(Algorithm A) const;
  /// A global access taken out of its coalesced order.
  double scatterPrice(Algorithm A) const;
  /// The device's own choice for a round of Paths paths: the entry of the
  /// largest count <= Paths (else of the smallest count), if any.
  std::optional<Algorithm> preferred(unsigned Paths) const;
  /// The profile that prices this language's rounds, or null.
  const CostProfile *profile() const { return P; }

private:
  const CostProfile *P;
  bool Cuda;
  const StrategyCosts *given(Algorithm A) const;
};

} // namespace tdrc

#endif
