//===- MeldGain.h - What a meld saves, in the remap model's unit ----------===//
#ifndef TDRC_LIB_TDR_MELD_MELDGAIN_H
#define TDRC_LIB_TDR_MELD_MELDGAIN_H

#include "MeldPlan.h"
#include "tdrc/TDR/PathCost.h"
#include "clang/AST/ParentMap.h"

namespace tdrc {

/// In a warp whose work-items take every path, per work-item: the weighted
/// operations (PathCost's unit) melding writes once instead of once per
/// path, and how many selects and guards the melded code runs instead.
struct MeldGain {
  SymbolicCost Saved, Selects, Guards;
  /// The memory accesses (loads and stores of global, constant and local
  /// memory) the melded code issues once instead of once per path.
  SymbolicCost Accesses;
  /// The selects between two integer constants: the original folds such
  /// constants into its neighbours ((a * 96 + 7) * 129 is one multiply-add);
  /// a select between them stops that.
  SymbolicCost IntegerConstants;

  /// What a select and a guard (an `if` on the melded condition) cost in
  /// PathCost's unit: one arithmetic operation each.  Not a profitability
  /// gate: on the meld-or-remap corpus no such pair of prices separated
  /// the melds that lose from those that gain (docs/meld.md).
  static constexpr double SelectOps = 1, GuardOps = 1;

  MeldGain &operator+=(const MeldGain &O);
  MeldGain scaled(double F) const;
  /// This gain on every iteration of Loop.
  MeldGain repeated(PathCost &PC, const clang::Stmt *Loop) const;
  /// Saved less the selects and guards.
  SymbolicCost net() const;

};

/// Parents: the kernel body's parent map.
MeldGain meldGain(clang::ASTContext &Ctx, const clang::ParentMap &Parents,
                  PathCost &PC, const MeldedBranch &M);
MeldGain meldGain(clang::ASTContext &Ctx, const clang::ParentMap &Parents,
                  PathCost &PC, const MeldedSwitch &M);

} // namespace tdrc

#endif
