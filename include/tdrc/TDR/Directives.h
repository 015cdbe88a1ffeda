//===- Directives.h - What `#pragma tdr` lines ask of the planner ----------===//
//
// The front end (Rewriter/TdrPragmas) reads `#pragma tdr ...` with a
// PragmaHandler, attaches each to the branch or kernel that follows it and
// warns about malformed, misplaced and contradictory ones (which are then
// dropped).  What survives is handed to the planner here:
//
//   #pragma tdr target                  remap this branch even where the
//                                       planner would not (thread-ID-only
//                                       condition, budget, profitability)
//   #pragma tdr skip                    leave this branch unchanged
//   #pragma tdr algorithm(hot|dgi) [neighbors(N)]   the round's algorithm
//   #pragma tdr neighbors(N)            DGI's neighbouring factor only
//   #pragma tdr off                     (before a kernel) leave it unchanged
//   #pragma tdr transforms(a, -b)       this branch is for transform a (the
//                                       others leave it alone), or not for b
//
// A line applies to the if/switch/loop (or, for `off`, the __kernel
// definition) whose first token follows it, with only whitespace, comments
// and other `#pragma tdr` lines between; only the head of an else-if chain
// takes one.  On a loop only target, skip and the loop transforms (dwa,
// loopsplit; `split` there is loopsplit) count: the entry is keyed by the
// loop statement like a branch's.
// The lines of one branch merge; if any two contradict (target/skip, skip
// with algorithm or neighbors, two algorithms, two N, hot with neighbors),
// the branch gets no entry at all.  algorithm(hot) on a branch of more than
// two paths is dropped alone.  Only `#pragma tdr` lines of the main file
// count (not headers, not _Pragma).  Details: Rewriter/TdrPragmas.h.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_DIRECTIVES_H
#define TDRC_TDR_DIRECTIVES_H

#include "tdrc/TDR/Remap/RemapPlan.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include <optional>
#include <string>

namespace tdrc {

/// The directives of one branch (an IfStmt heading its else-if chain, or a
/// SwitchStmt).  Target and Skip never both hold (the front end warns); nor
/// do Skip and Algo/Neighbors, or Algo == HeadOrTail and Neighbors.
struct BranchDirective {
  clang::SourceLocation Loc; // the `#` of the branch's first `#pragma tdr`
  bool Target = false;
  bool Skip = false;
  std::optional<Algorithm> Algo;     // algorithm(hot|dgi)
  std::optional<unsigned> Neighbors; // neighbors(N): 16, 32 or 64
  /// transforms(...): the transforms named, enabled or (`-name`) not.
  std::map<std::string, bool> Transforms;
  /// Whether transform Name may change the branch: not turned off, and not
  /// reserved for another transform.
  bool allows(const std::string &Name) const {
    if (auto It = Transforms.find(Name); It != Transforms.end())
      return It->second;
    for (const auto &[Other, On] : Transforms)
      if (On)
        return false;
    return true;
  }
};

struct TdrDirectives {
  llvm::DenseMap<const clang::Stmt *, BranchDirective> Branches;
  /// Kernels under `#pragma tdr off`, with the pragma's location.
  llvm::DenseMap<const clang::FunctionDecl *, clang::SourceLocation> Off;

  const BranchDirective *forBranch(const clang::Stmt *S) const {
    auto It = Branches.find(S);
    return It == Branches.end() ? nullptr : &It->second;
  }
};

} // namespace tdrc

#endif
