//===- SplitPlan.h - What branch splitting does to one kernel -------------===//
//
// The kernel is read around one divergent if (or else-if chain) that every
// work-item reaches at most once: in the body, or inside the guards around
// it (ifs without else, `if (i < n) { ... }`), never inside a loop or a
// switch.  Each part kernel is the whole kernel with every arm but its own
// replaced by `return`, so
//
//   the prefix   (everything a work-item runs before the branch, guards'
//                conditions included) runs in every part: it may not write
//                memory, and the memory it reads may not be written by the
//                kernel (a later part would read what an earlier one wrote);
//   the outside  (what runs after a guard, for work-items that skipped it
//                too) runs in every part as well: the same rule;
//   an arm and the suffix after the branch run once per work-item, in the
//                part of its path.
//
// Found by the planner (SplitPlanner.cpp, SplitLegality.cpp); the emitter
// only spells it.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_BRANCHSPLIT_SPLITPLAN_H
#define TDRC_LIB_TDR_BRANCHSPLIT_SPLITPLAN_H

#include "../WorkPool/PoolPlan.h" // PoolIdRef
#include "tdrc/TDR/Explanation.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class IfStmt;
} // namespace clang

namespace tdrc {

class KernelAnalyses;
class StatementClaims;
struct TransformOptions;

struct SplitPlan {
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::IfStmt *Branch = nullptr; // the chain's first if
  /// Arms[k] runs where Conds[k] is the first condition that holds; one more
  /// arm (null: nothing) where none does.
  std::vector<const clang::Expr *> Conds;
  std::vector<const clang::Stmt *> Arms;
  /// The statements that run in every part (prefix, guards' conditions,
  /// what follows a guard).
  std::vector<const clang::Stmt *> EveryPart;
  /// Parameters (by index) that the parts read before the branch, and that
  /// the kernel may write: the host must not pass one buffer as both.
  std::vector<unsigned> Reads, Writes;

  /// The plan over per-path lists (ListLegality.cpp, ListEmitter.cpp):
  /// whether it is emitted, why not, and every read of the work-item's
  /// identity (redirected to the listed item in its parts).
  bool Lists = false;
  std::string NoLists;
  std::vector<PoolIdRef> Ids;
  unsigned Dims = 1;
  /// Helpers that read IDs, cloned to take the item's (HelperClones.h).
  ClonedHelpers Helpers;

  bool Changes = false;
  bool Forced = false; // `#pragma tdr split`: the kernel is the split's
  std::vector<Explanation> Explain;
  std::string Reason; // why the kernel is unchanged (when a branch was found)
};

/// Plans the kernel of A; Changes is false when nothing is to be done.  A
/// branch under `#pragma tdr skip`, or reserved for another transform, is
/// left alone.
SplitPlan planBranchSplit(KernelAnalyses &A, const TransformOptions &O,
                          const StatementClaims &Claims);

// SplitLegality.cpp
/// Why the parts would not compute what the kernel computes: work-items
/// that talk to each other (the dwa transform's rule), statements run in
/// every part that write memory, or memory read before the branch that the
/// kernel writes.  Fills Reads and Writes.
std::optional<std::string> whySplitIllegal(KernelAnalyses &A, SplitPlan &P);

// ListLegality.cpp
/// Decides the plan over per-path lists for a legal split plan: sets Lists
/// and Ids, or NoLists.
void planSplitLists(KernelAnalyses &A, SplitPlan &P);

// SplitModel.cpp
/// The occupancy screen: why splitting cannot pay on the --gpu given
/// (the kernel already runs at full occupancy), or nothing; Note gets the
/// arithmetic for --explain.
std::optional<std::string> whySplitCannotPay(KernelAnalyses &A,
                                             const TransformOptions &O,
                                             std::string &Note);

} // namespace tdrc

#endif
