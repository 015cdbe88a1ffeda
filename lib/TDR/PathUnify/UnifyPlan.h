//===- UnifyPlan.h - What branch path unification does to one kernel -----===//
//
// The kernel body is read in three parts around one divergent if (or
// else-if chain) at its top level:
//
//   prefix    the statements before the branch: re-run for each item, once
//             to learn its path and once before the path runs, so they may
//             write only the work-item's own variables
//   the arms  one path each (a missing else is an empty path)
//   suffix    the statements after the branch: run once per item, after
//             its path
//
// The branch may also sit in a bounds guard written as a block, `if (x < w)
// { ... }`, the body's last statement (image kernels' style): the guard's
// condition then ends the prefix as `if (!(x < w)) break;` (the end of the
// item), and the block's statements are read in the three parts.
//
// Found by the planner; the emitter only spells it.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_PATHUNIFY_UNIFYPLAN_H
#define TDRC_LIB_TDR_PATHUNIFY_UNIFYPLAN_H

#include "../WorkPool/PoolPlan.h" // the item's identity (PoolIdRef)
#include "tdrc/TDR/Explanation.h"
#include "clang/AST/Stmt.h"
#include <string>
#include <vector>

namespace tdrc {

class KernelAnalyses;
struct TransformOptions;

struct UnifyPlan {
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::CompoundStmt *Body = nullptr;
  const clang::IfStmt *Branch = nullptr; // the chain's first if
  /// The guard block around Branch, or null; Scope: the statements holding
  /// Branch (the guard's block, or the body).
  const clang::IfStmt *Guard = nullptr;
  const clang::CompoundStmt *Scope = nullptr;
  /// The chain's conditions and arms: Arms[k] runs where Conds[k] is the
  /// first that holds; one more arm (maybe null: nothing) where none does.
  std::vector<const clang::Expr *> Conds;
  std::vector<const clang::Stmt *> Arms;
  /// Reads of the item's identity that change between items: the global and
  /// group ID along dimension 0 (CUDA: blockIdx.x).  Local IDs and the other
  /// dimensions are the same for every item of a work-item.
  std::vector<PoolIdRef> Ids;
  std::vector<const clang::ParmVarDecl *> ResetParams;
  /// Helpers that read a changing ID (themselves or through the helpers
  /// they call): cloned to take the item's IDs (WorkPool/HelperClones.h).
  ClonedHelpers Helpers;
  /// Returns anywhere in the body: each ends the item.
  std::vector<const clang::ReturnStmt *> Returns;
  /// The statements after the branch do something (else an item whose
  /// path is empty need not run at all).
  bool SuffixWorks = false;

  bool Changes = false;
  std::vector<Explanation> Explain;
  std::string Reason;
};

UnifyPlan planPathUnify(KernelAnalyses &A, const TransformOptions &O);

/// Id differs between the items of one work-item: the global or group ID
/// along dimension 0 (CUDA: blockIdx.x).  The others are the work-item's.
bool changesPerItem(const PoolIdRef &Id);

// UnifyLegality.cpp
/// Why S may not run twice for one item (it writes memory, calls an atomic
/// or a helper that does); none when it writes only the work-item's own
/// variables.  NoWrites: not even those (a condition, which runs once
/// while the statements around it run twice).
std::optional<std::string> whyNotRepeatable(KernelAnalyses &A,
                                            const clang::Stmt *S,
                                            bool NoWrites = false);

} // namespace tdrc

#endif
