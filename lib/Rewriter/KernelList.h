//===- KernelList.h - The kernels of a file, and calls of them ------------===//
//
// What the front end rewrites: the kernels defined in the main file, in
// order.  OpenCL C lets a kernel call another kernel as a plain function;
// such a callee is left as it is, since its rewrite (a remap round's
// barriers, a pool that hands a group's items to another group) assumes
// the whole NDRange enters it, which the caller does not promise.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_KERNELLIST_H
#define TDRC_REWRITER_KERNELLIST_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <utility>
#include <vector>

namespace tdrc {

struct KernelList {
  std::vector<const clang::FunctionDecl *> Kernels;
  /// A kernel's canonical declaration -> its first call as a function.
  llvm::DenseMap<const clang::FunctionDecl *, const clang::CallExpr *>
      CalledAt;
};

KernelList listKernels(clang::ASTContext &Ctx);

/// Why K must stay whole, as a remark and as --explain's reason; empty
/// when it may be rewritten: K is called as a function (above), or a class
/// befriends it (C++: the copies a rewrite adds, the kept original and
/// split kernels, would not be friends, and would not compile), or its
/// text has digraph braces.
std::pair<std::string, std::string>
whyKeptWhole(const clang::ASTContext &Ctx, const KernelList &L,
             const clang::FunctionDecl *K);

} // namespace tdrc

#endif
