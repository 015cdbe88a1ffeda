//===- Strategy.h - The remap transform's strategies, in one table ---------===//
//
// A remap round regroups a work-group's work-items by path with one of four
// strategies.  Everything that differs between them -- names, what they
// support, what they cost, how their round is spelled -- is a row of one
// table, so the planner, the budget, the profitability model, the options,
// the pragmas and --explain ask the table instead of switching on the enum.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_REMAP_STRATEGY_H
#define TDRC_TDR_REMAP_STRATEGY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

enum class Algorithm {
  HeadOrTail, // two paths: atomics on a head and a tail
  DGI,        // Data Group Indexing: stable, per-neighbourhood sub-counts
  // CUDA only (warp intrinsics):
  WarpHeadOrTail, // Head-or-Tail with one atomic per warp and path
  Ballot,         // stable partition from per-warp ballots, any paths
};

struct Dialect;
struct KernelPlan;
struct RemapRound;

/// The text of one round (RemapCode.h): Recompute[i] is the right-hand side
/// of the i-th recomputed live variable, Where the branch's location.
using RoundEmitter = std::string (*)(const KernelPlan &, const RemapRound &,
                                     const std::vector<std::string> &Recompute,
                                     const std::string &Where,
                                     const std::string &Indent,
                                     const Dialect &D);

struct RemapStrategy {
  Algorithm Algo;
  /// `#pragma tdr algorithm(...)`, --explain=json; `--algorithm` spells the
  /// underscore as a dash (Option).
  const char *Keyword;
  const char *Option;
  const char *Title; // --explain, e.g. "Head-or-Tail"
  /// Slots from a head and a tail (two paths, no order kept).
  bool HeadOrTailLike;
  /// Sub-counts per (path, group of work-items) and an exclusive scan over
  /// them: stable, any number of paths (a DGI group is N work-items, a ballot
  /// group is a warp).
  bool SubCounts;
  /// Needs warp intrinsics (CUDA's __ballot_sync, __shfl_sync); WithoutWarp
  /// is what runs instead where there are none (OpenCL).
  bool WarpLevel;
  Algorithm WithoutWarp;
  /// The round's fixed cost in the profitability model's weighted operations
  /// (OpenCL, CUDA), plus PerKey per key (paths + inactive); calibration in
  /// Profitability.cpp's header.
  double Cost, PerKey, CudaCost, CudaPerKey;
  /// Each global access at a work-item address that the round takes out of
  /// its coalesced order costs this many extra accesses' worth.
  double ScatterPrice;
  RoundEmitter Emit;
};

/// Every strategy, in the order `--algorithm` lists them.
llvm::ArrayRef<RemapStrategy> remapStrategies();
const RemapStrategy &strategyOf(Algorithm A);

inline bool isHeadOrTailLike(Algorithm A) { return strategyOf(A).HeadOrTailLike; }
inline bool usesSubCounts(Algorithm A) { return strategyOf(A).SubCounts; }
inline bool isWarpLevel(Algorithm A) { return strategyOf(A).WarpLevel; }
inline const char *algorithmKeyword(Algorithm A) { return strategyOf(A).Keyword; }
inline Algorithm withoutWarpIntrinsics(Algorithm A) {
  return strategyOf(A).WithoutWarp;
}
/// The strategy `#pragma tdr algorithm(Keyword)` names, if any; with
/// OrOption, `--algorithm`'s spelling is accepted too.
std::optional<Algorithm> algorithmNamed(llvm::StringRef Keyword,
                                        bool OrOption = false);
/// "hot, dgi, warp-hot or ballot": for usage messages.
std::string algorithmOptionList();

} // namespace tdrc

#endif
