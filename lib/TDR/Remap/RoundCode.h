//===- RoundCode.h - Pieces shared by the remap algorithms' text -----------===//
//
// Internal to lib/TDR.  Every algorithm ends the same way: a work-item stores
// its live state at its slot, a barrier hands it over, and the work-item
// whose physical ID is that slot takes over IDs, path and state.
//
// Rules for all emitted rounds, from PoCL 3.1 miscompilations seen here:
// barriers stay outside every condition (even the uniform tdr_enabled); no
// private variable declared inside a round is live across one of its
// barriers (what must survive lives in local memory or in the prologue's
// tdr_ state); and no work-item state is assigned under a condition that
// reads one shared local value (PoCL took such a branch as uniform and kept
// one copy of the assigned variables: exec.unbraced_branches.dgi).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_ROUNDCODE_H
#define TDRC_LIB_TDR_ROUNDCODE_H

#include "tdrc/Rewriter/CodeBuilder.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/Remap/RemapPlan.h"
#include <string>
#include <vector>

namespace tdrc {

/// The uniform flag a round tests before it moves anything: tdr_enabled (the
/// work-group size fits), or the round's own profitability switch tdr_onK.
std::string enabledFlag(const RemapRound &R);

/// The path number inactive work-items get: 2 for Head-or-Tail, the number
/// of paths for DGI (one past the real ones).
unsigned inactivePath(const RemapRound &R);

/// The stores of the live state's pass 0 at slot tdr_pos (MigrationCode.cpp).
void emitSaves(CodeBuilder &B, const KernelPlan &Plan, const RemapRound &R);

/// Whether R's later passes store state that only some paths hold (they
/// need the old path, tdr_was).
bool passesNeedOldPath(const KernelPlan &Plan, const RemapRound &R);

/// With later passes: keeps the destination and the old path (tdr_to,
/// tdr_was) for them; run where tdr_pos is set, by every enabled work-item.
void emitPassState(CodeBuilder &B, const KernelPlan &Plan,
                   const RemapRound &R);

/// The kernel-scope declaration of tdr_to (and tdr_was) when a round has
/// later passes, else "".
std::string passStateDeclaration(const KernelPlan &Plan, const Dialect &D);

/// The loads of pass Pass from slot tdr_plid (ActiveOnly ones under
/// `if (tdr_active)`); pass 0 also takes the recomputed values, in R.Live's
/// order.
void emitLoads(CodeBuilder &B, const KernelPlan &Plan, const RemapRound &R,
               unsigned Pass, const std::vector<std::string> *Recompute);

/// The passes after the first, after the take-over: by the work-items for
/// which Moved holds (those whose item changed slot).
void emitLaterPasses(CodeBuilder &B, const KernelPlan &Plan,
                     const RemapRound &R, const std::string &Moved,
                     const Dialect &D);

/// The hand-over barrier (fencing global memory when the plan says so), then,
/// where TakeOverIf holds, the slot's logical work-item, its path, IDs and
/// live state.
void emitHandOver(CodeBuilder &B, const KernelPlan &Plan, const RemapRound &R,
                  const std::vector<std::string> &Recompute,
                  const std::string &TakeOverIf, const Dialect &D);

/// A Head-or-Tail round's start: one work-item resets the head and the
/// tail (and the inactive count), then a barrier.
void emitHeadOrTailReset(CodeBuilder &B, const RemapRound &R, const Dialect &D);

/// A Head-or-Tail round's end, inside its `if (enabled) {` (B is there) with
/// tdr_pos known: the slot's ID, path and state, the closing brace, the
/// hand-over and the round's closing brace.
void emitHeadOrTailSlotAndHandOver(CodeBuilder &B, const KernelPlan &Plan,
                                   const RemapRound &R,
                                   const std::vector<std::string> &Recompute,
                                   const Dialect &D);

/// The end of a stable round (DGI, ballot), inside its `if (tdr_enabled) {`
/// (B is there) with tdr_p and tdr_pos known: the slot's ID and path, the
/// state of a work-item that changes slot, the hand-over, and the round's
/// closing braces.
void emitStableSlotAndHandOver(CodeBuilder &B, const KernelPlan &Plan,
                               const RemapRound &R,
                               const std::vector<std::string> &Recompute,
                               const Dialect &D);

std::string headOrTail(const KernelPlan &Plan, const RemapRound &R,
                       const std::vector<std::string> &Recompute,
                       const std::string &Where, const std::string &Indent,
                       const Dialect &D);

std::string dataGroupIndexing(const KernelPlan &Plan, const RemapRound &R,
                              const std::vector<std::string> &Recompute,
                              const std::string &Where,
                              const std::string &Indent, const Dialect &D);

/// CUDA only (WarpRounds.cpp): Head-or-Tail with one atomic per warp and
/// path, and the stable ballot partition.
std::string warpHeadOrTail(const KernelPlan &Plan, const RemapRound &R,
                           const std::vector<std::string> &Recompute,
                           const std::string &Where, const std::string &Indent,
                           const Dialect &D);
std::string ballotPartition(const KernelPlan &Plan, const RemapRound &R,
                            const std::vector<std::string> &Recompute,
                            const std::string &Where,
                            const std::string &Indent, const Dialect &D);

} // namespace tdrc

#endif
