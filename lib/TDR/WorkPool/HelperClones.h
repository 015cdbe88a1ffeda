//===- HelperClones.h - Helpers that read IDs, redirected by clones -------===//
//
// A kernel whose items run in other work-items (dwa's pool, split's lists,
// the remap rounds) must see the item's IDs wherever it reads them, helpers
// included.  A
// helper that reads IDs (itself or through the helpers it calls) is cloned
// next to the kernel's new code (or after the helper, declared before the
// kernel, when the helper follows it) as `H__tdr_K`, taking the item's IDs as
// extra parameters named like the kernel's redirected ones (IdNamer:
// tdr_gid0, tdr_tid_x, ...): its reads become those names, its calls of other such
// helpers call their clones, and the kernel's calls call the clone with its
// redirected IDs.  The helper itself stays as it was for every other caller.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_WORKPOOL_HELPERCLONES_H
#define TDRC_LIB_TDR_WORKPOOL_HELPERCLONES_H

#include "PoolPlan.h"
#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/SourceText.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tdrc {

class KernelAnalyses;

/// What the legality scan saw of helpers: the ID reads in each helper, and
/// every call of a helper (its caller, the call, the callee's definition).
struct HelperGraph {
  struct Read {
    const clang::FunctionDecl *Helper;
    PoolIdRef Id;
    std::string Name; // the query or variable, for --explain
  };
  std::vector<Read> Reads;
  struct Call {
    const clang::FunctionDecl *Caller;
    const clang::CallExpr *E;
    const clang::FunctionDecl *Callee;
  };
  std::vector<Call> Calls;
};

/// Fills H (clones callees first, the kernel's calls) from G, and raises
/// Dims to the dimensions the clones take; why a helper cannot be cloned
/// (in a macro, another file, a template, defined after the kernel with
/// no prototype before it in its file, recursive), or, unless Allowed, why IDs read in helpers stop the
/// transform.  None when no helper reads an ID.
std::optional<std::string> planHelperClones(KernelAnalyses &A,
                                            const HelperGraph &G,
                                            ClonedHelpers &H, unsigned &Dims,
                                            bool Allowed);

/// How a transform spells a redirected ID (redirectedIdName for dwa and
/// the lists; the remap rounds' own names).
using IdNamer = std::string (*)(const PoolIdRef &Id, bool Cuda);

/// The type of an ID a clone takes: `size_t`, CUDA `unsigned int`.
std::string helperIdType(bool Cuda);

/// The name of H's clone for kernel K: "H__tdr_K".
std::string helperCloneName(const clang::FunctionDecl *H, llvm::StringRef K);

/// The clones' definitions, callees first, each after a comment; none with
/// Why when a part cannot be spelled.  Every helper precedes the kernel
/// (callers decline the others: ListLegality's whyNoLists).
std::optional<std::string> helperClonesText(clang::ASTContext &Ctx,
                                            const ClonedHelpers &H,
                                            llvm::StringRef K, bool Cuda,
                                            IdNamer Name, std::string &Why);

/// The edits that make the kernel's calls of cloned helpers call their
/// clones with the item's IDs; false with Why when one is in a macro.
bool cloneCallSubs(const SourceText &T, const ClonedHelpers &H,
                   llvm::StringRef K, bool Cuda, IdNamer Name,
                   std::vector<std::pair<SourceText::Range, std::string>> &Subs,
                   std::string &Why);

/// For a kernel rewritten in place: the clones before kernel K (those of
/// helpers defined after K follow their helpers, declared before K), and its
/// calls of them outside Spelled (the ranges the emitter spelled anew,
/// whose calls it redirected with cloneCallSubs) redirected, into E.
bool emitHelperClones(clang::ASTContext &Ctx, const ClonedHelpers &H,
                      const clang::FunctionDecl *K, bool Cuda, IdNamer Name,
                      const std::vector<SourceText::Range> &Spelled,
                      EditList &E, std::string &Why);

} // namespace tdrc

#endif
