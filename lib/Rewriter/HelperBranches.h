//===- HelperBranches.h - Branches inside the helpers a kernel calls ------===//
#ifndef TDRC_REWRITER_HELPERBRANCHES_H
#define TDRC_REWRITER_HELPERBRANCHES_H

#include "tdrc/TDR/Explanation.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace tdrc {

/// An --explain entry for every if and switch in the functions K calls
/// (through helpers up to a few calls deep, each helper once): the
/// transforms change a kernel's own body only, so a user whose divergence
/// sits in a helper learns that it stays as written, and from which call.
std::vector<Explanation> helperBranchNotes(clang::ASTContext &Ctx,
                                           const clang::FunctionDecl *K);

} // namespace tdrc

#endif
