//===- UnifyEmitter.h - The text of branch path unification ---------------===//
#ifndef TDRC_LIB_TDR_PATHUNIFY_UNIFYEMITTER_H
#define TDRC_LIB_TDR_PATHUNIFY_UNIFYEMITTER_H

#include "UnifyPlan.h"
#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/Dialect.h"
#include "clang/AST/ASTContext.h"

namespace tdrc {

/// Adds the edits of P to E; on failure E is unchanged and Why says where.
bool emitPathUnify(clang::ASTContext &Ctx, const UnifyPlan &P,
                   const Dialect &D, EditList &E, std::string &Why);

} // namespace tdrc

#endif
