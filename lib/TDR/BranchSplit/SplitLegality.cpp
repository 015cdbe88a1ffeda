//===- SplitLegality.cpp - Do the parts compute what the kernel computes? -===//
//
// The parts run one after another, each over the whole NDRange.  That
// keeps the results where
//
//   - work-items do not talk to each other: no barrier, collective or local
//     memory, no atomic whose result is used, no floating-point atomic (the
//     dwa transform's rule, WorkPool/PoolLegality.cpp; the IDs stay as they
//     are, so where they are read does not matter);
//   - what every part runs writes no memory (UnifyLegality.cpp's rule:
//     only the work-item's own variables), since it runs once per part;
//   - what every part reads is not written by the kernel: a later part
//     would read what an earlier one wrote.  Memory is followed to its
//     roots syntactically: the kernel's pointer parameters and variables of
//     static storage, through the private pointers made from them.
//
// Two parameters the host binds to one buffer are not seen here; the
// descriptor lists the parameters read and written so that the host can
// check (runtime/cl runs the original when one buffer is both).
//
//===----------------------------------------------------------------------===//
#include "../PathUnify/UnifyPlan.h" // whyNotRepeatable
#include "../WorkPool/PoolPlan.h"   // checkItemsIndependent
#include "SplitPlan.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemoryRoots.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace clang;

namespace tdrc {

namespace {

std::vector<unsigned> paramIndices(const FunctionDecl *K,
                                   const llvm::SetVector<const VarDecl *> &S) {
  std::vector<unsigned> Out;
  for (unsigned I = 0; I < K->getNumParams(); ++I)
    if (S.count(K->getParamDecl(I)))
      Out.push_back(I);
  return Out;
}

} // namespace

std::optional<std::string> whySplitIllegal(KernelAnalyses &A, SplitPlan &P) {
  PoolPlan Items;
  Items.Kernel = A.Kernel;
  Items.Body = A.Body;
  if (auto Why = checkItemsIndependent(A, Items, /*Redirect=*/false))
    return "the parts would run its work-items apart, but " + *Why;
  for (const Stmt *S : P.EveryPart)
    if (auto Why = whyNotRepeatable(A, S))
      return "every part runs the code before the branch (and after the "
             "guards around it), but " + *Why;
  // Each root the parts read, with the first statement that reads it; and
  // each root the kernel writes.
  llvm::SetVector<const VarDecl *> Reads, Writes;
  MemoryRoots Roots(A);
  for (const Stmt *W : A.GlobalWrites)
    for (const Expr *T : writeTargets(W))
      Roots.collect(T, Writes);
  llvm::DenseSet<const FunctionDecl *> Helpers;
  helperStaticWrites(A.Body, Helpers, Writes);
  for (const Stmt *S : P.EveryPart) {
    llvm::SetVector<const VarDecl *> Here;
    llvm::DenseSet<const FunctionDecl *> Seen;
    readRoots(Roots, S, Seen, Here);
    for (const VarDecl *V : Here)
      if (Writes.count(V))
        return "the code every part runs reads '" + V->getNameAsString() +
               "' at " + A.loc(S->getBeginLoc()) +
               ", which the kernel writes: a later part would read what an "
               "earlier one wrote";
    Reads.insert(Here.begin(), Here.end());
  }
  P.Reads = paramIndices(A.Kernel, Reads);
  P.Writes = paramIndices(A.Kernel, Writes);
  return std::nullopt;
}

} // namespace tdrc
