//===- StmtCollect.h - Every node of one kind under a statement -----------===//
//
// The planners' common walk: the returns, labels or ID references of a
// kernel's region, in source order, to check or edit each.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_STMTCOLLECT_H
#define TDRC_TDR_STMTCOLLECT_H

#include "clang/AST/Stmt.h"
#include "llvm/Support/Casting.h"
#include <vector>

namespace tdrc {

/// Every node of type NodeT under Root (Root included), in source order.
template <typename NodeT>
void collect(const clang::Stmt *Root, std::vector<const NodeT *> &Out) {
  if (!Root)
    return;
  if (auto *N = llvm::dyn_cast<NodeT>(Root))
    Out.push_back(N);
  for (const clang::Stmt *C : Root->children())
    collect(C, Out);
}

} // namespace tdrc

#endif
