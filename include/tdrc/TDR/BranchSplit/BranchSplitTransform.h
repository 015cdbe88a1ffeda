//===- BranchSplitTransform.h - Branch splitting as a transform -----------===//
//
// The split transform (branch splitting, Carrillo, Siegel & Li, CF'09): a
// kernel whose divergent branch has a light path and a heavy one runs, for
// every work-item, at the occupancy the heavy path's registers allow.  The
// transform leaves the kernel as it was and adds one kernel per path
// (K__p0, K__p1, ...), each re-evaluating the decision and running only its
// own path; run one after another they compute what K computes, and the
// light ones run at their own occupancy.  The host runs that launch plan in
// place of K (runtime/cl; in CUDA the launcher tdrc writes), keeping it
// only where it measures faster.  Planner: BranchSplit/SplitPlanner.cpp;
// text: BranchSplit/SplitEmitter.cpp; docs/split.md.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_BRANCHSPLIT_BRANCHSPLITTRANSFORM_H
#define TDRC_TDR_BRANCHSPLIT_BRANCHSPLITTRANSFORM_H

#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>

namespace tdrc {

class Transform;
std::unique_ptr<Transform> makeBranchSplitTransform();

/// The name of kernel K's part for path I: "K__pI".
std::string splitPartName(llvm::StringRef K, unsigned I);
/// The plan over per-path lists: the listing kernel "K__list" and the part
/// of path I that runs its list's items, "K__wI".
std::string splitListName(llvm::StringRef K);
std::string splitListPartName(llvm::StringRef K, unsigned I);
/// The helper of the listing kernel: the path a work-item takes, "K__path".
std::string splitPathName(llvm::StringRef K);
/// Whether a split descriptor in Text (a file tdrc split before) names
/// kernel Name: as the kernel split, a part or a listing kernel.
bool namedBySplitDescriptor(llvm::StringRef Text, llvm::StringRef Name);

} // namespace tdrc

#endif
