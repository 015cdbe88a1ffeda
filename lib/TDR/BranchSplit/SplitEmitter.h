//===- SplitEmitter.h - Spells a split plan -------------------------------===//
#ifndef TDRC_LIB_TDR_BRANCHSPLIT_SPLITEMITTER_H
#define TDRC_LIB_TDR_BRANCHSPLIT_SPLITEMITTER_H

#include "SplitPlan.h"
#include "tdrc/Rewriter/EditList.h"
#include "clang/AST/ASTContext.h"

namespace tdrc {

/// Adds the parts after the kernel; false with Why when they cannot be
/// spelled (Edits then as it was).
bool emitBranchSplit(clang::ASTContext &Ctx, const SplitPlan &P,
                     EditList &Edits, std::string &Why);

} // namespace tdrc

#endif
