//===- PoolEmitter.h - A PoolPlan as edits of the kernel ------------------===//
#ifndef TDRC_LIB_TDR_WORKPOOL_POOLEMITTER_H
#define TDRC_LIB_TDR_WORKPOOL_POOLEMITTER_H

#include "PoolPlan.h"
#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/Dialect.h"
#include "clang/AST/ASTContext.h"

namespace tdrc {

/// Adds the plan's edits to E; on failure E is left as it was and Why says
/// where.
bool emitWorkPool(clang::ASTContext &Ctx, const PoolPlan &P, const Dialect &D,
                  EditList &E, std::string &Why);

} // namespace tdrc

#endif
