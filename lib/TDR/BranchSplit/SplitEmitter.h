//===- SplitEmitter.h - Spells a split plan -------------------------------===//
#ifndef TDRC_LIB_TDR_BRANCHSPLIT_SPLITEMITTER_H
#define TDRC_LIB_TDR_BRANCHSPLIT_SPLITEMITTER_H

#include "SplitPlan.h"
#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/SourceText.h"
#include "tdrc/TDR/Transform.h" // KernelSequence
#include "clang/AST/ASTContext.h"

namespace tdrc {

/// Adds the parts after the kernel, and says in Seq what the host may run
/// instead of it; false with Why when they cannot be spelled (Edits then as
/// it was).
bool emitBranchSplit(clang::ASTContext &Ctx, const SplitPlan &P,
                     EditList &Edits, KernelSequence &Seq, std::string &Why);

/// The edits that leave only path I of a part: every other arm (ranges in
/// Arm, by path; none for the last path of a chain without a final else)
/// becomes `{ return; }`, and such a chain gets `else { return; }` in every
/// part but the last.
std::vector<std::pair<SourceText::Range, std::string>>
onlyPath(const std::vector<std::optional<SourceText::Range>> &Arm, unsigned I);

/// "1,3": a descriptor's reads= or writes=.
std::string indexList(const std::vector<unsigned> &L);

/// ListEmitter.cpp: the descriptor, listing kernel and parts of the plan
/// over per-path lists (P.Lists), to follow the split plan's parts; none
/// with Why when they cannot be spelled.
std::optional<std::string> splitListsText(clang::ASTContext &Ctx,
                                          const SplitPlan &P,
                                          const KernelText &KT,
                                          std::string &Why);

} // namespace tdrc

#endif
