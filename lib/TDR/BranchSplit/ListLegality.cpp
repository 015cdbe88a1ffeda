//===- ListLegality.cpp - May the parts run over per-path lists? ----------===//
//
// The plan over per-path lists runs a listing kernel (each work-item puts
// its own position on the list of the path it takes) and then each part
// over its list: the work-item at position s of the NDRange runs the item
// at entry s of the list.  Beyond what the split plan needs, the part must
// see the item's identity in place of its own, so
//
//   - every read of an ID must be one the emitter can redirect: not in a
//     macro (the dwa transform's rule, WorkPool/PoolLegality.cpp); a helper
//     that reads one is cloned to take the item's IDs (HelperClones.h);
//   - the list buffer is one more parameter, after the kernel's own;
//   - OpenCL C 2.0 and later may end the NDRange in a smaller work-group:
//     an item's local ID, group ID and work-group size would then differ
//     from the ones the parts derive, so a kernel that reads them is left
//     to the split plan alone.
//
//===----------------------------------------------------------------------===//
#include "SplitPlan.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace tdrc {

namespace {

/// The first call of get_local_size in S or the helpers it calls.
const CallExpr *readsLocalSize(const Stmt *S,
                               llvm::DenseSet<const FunctionDecl *> &Seen) {
  if (!S)
    return nullptr;
  if (auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = CE->getDirectCallee()) {
      if (calleeName(Callee) == "get_local_size")
        return CE;
      if (const FunctionDecl *Def = userDefinition(Callee);
          Def && Seen.insert(Def).second)
        if (const CallExpr *In = readsLocalSize(Def->getBody(), Seen))
          return In;
    }
  for (const Stmt *C : S->children())
    if (const CallExpr *In = readsLocalSize(C, Seen))
      return In;
  return nullptr;
}

std::optional<std::string> whyNoLists(KernelAnalyses &A, SplitPlan &P) {
  PoolPlan Items;
  Items.Kernel = A.Kernel;
  Items.Body = A.Body;
  if (auto Why = checkItemsIndependent(A, Items, /*Redirect=*/true,
                                      /*CloneHelpers=*/true))
    return "its parts would run listed items in other work-items, but " +
           *Why;
  for (const HelperClone &C : Items.Helpers.Clones)
    if (C.Prototype) // the parts follow the kernel; the clone, its helper
      return "its parts would run listed items in other work-items, but "
             "helper '" + C.Helper->getNameAsString() + "' (at " +
             A.loc(C.Helper->getLocation()) +
             "), which reads IDs, is defined after the kernel";
  if (A.Kernel->getNumParams() == 0)
    return "it has no parameter to add the list buffer after";
  const LangOptions &LO = A.Ctx.getLangOpts();
  if (LO.OpenCL && LO.getOpenCLCompatibleVersion() >= 200) {
    std::vector<PoolIdRef> All = Items.Ids;
    for (const HelperClone &C : Items.Helpers.Clones)
      All.insert(All.end(), C.Reads.begin(), C.Reads.end());
    for (const PoolIdRef &Id : All)
      if (Id.K != PoolIdRef::GlobalId)
        return "OpenCL C 2.0 may end the NDRange in a smaller work-group, "
               "whose items' local and group IDs the parts cannot derive "
               "(at " + A.loc(Id.E->getBeginLoc()) + ")";
    llvm::DenseSet<const FunctionDecl *> Seen;
    if (const CallExpr *CE = readsLocalSize(A.Body, Seen))
      return "OpenCL C 2.0 may end the NDRange in a smaller work-group, "
             "whose size a listed item would not see (get_local_size at " +
             A.loc(CE->getBeginLoc()) + ")";
  }
  P.Ids = std::move(Items.Ids);
  P.Dims = Items.Dims;
  P.Helpers = std::move(Items.Helpers);
  return std::nullopt;
}

} // namespace

void planSplitLists(KernelAnalyses &A, SplitPlan &P) {
  if (std::optional<std::string> Why = whyNoLists(A, P)) {
    P.Lists = false;
    P.NoLists = *Why;
    return;
  }
  P.Lists = true;
}

} // namespace tdrc
