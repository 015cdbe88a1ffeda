//===- GridStride.h - Grid-stride loops given a base the group shares -----===//
//
// `for (int i = get_global_id(0); i < n; i += get_global_size(0))` (CUDA:
// `blockIdx.x * blockDim.x + threadIdx.x`, `blockDim.x * gridDim.x`) gives
// each work-item its own trip count, so a branch in it cannot take a remap
// round.  The same loop over a base the work-group shares,
//
//   for (int i_base = <group's first ID>; i_base < n; i_base += <stride>) {
//     int i = i_base + <local ID>; if (i < n) { <body> } }
//
// visits the same items in the same order per work-item, and its guard is
// the active predicate of each iteration (BranchContext.cpp).  The front
// end finds such loops around branches a parse declined for a varying trip
// count, parses the file again with them rewritten (on the same lines), and
// keeps that parse only where the remap transform then rewrote more
// branches (TdrcFrontend.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_GRIDSTRIDE_H
#define TDRC_REWRITER_GRIDSTRIDE_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace tdrc {

/// One replacement of the main file's text, [Begin, End) by Text.
struct StrideEdit {
  unsigned Begin = 0, End = 0;
  std::string Text;
};

/// A grid-stride loop of kernel K, rewritten.
struct StrideLoop {
  std::string Kernel;
  unsigned Line = 0;             // the `for`'s line
  std::vector<StrideEdit> Edits; // on the loop's own lines
};

/// The grid-stride loops of K that hold one of Declined (branches a parse
/// left unchanged inside a loop whose trip count varies): the counter is
/// declared in the header from the global ID of dimension 0, compared with
/// `<` to a bound and stepped by `+=` a positive stride, both of which read
/// only sizes, literals and parameters the kernel never writes; the body is
/// braced and does not write the counter or take its address; nothing of
/// the header is spelled in a macro.
std::vector<StrideLoop>
findStrideLoops(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                llvm::ArrayRef<clang::SourceLocation> Declined);

/// Code with the loops' edits applied (they are disjoint).
std::string applyStrideLoops(llvm::StringRef Code,
                             llvm::ArrayRef<StrideLoop> Loops);

/// "; the grid-stride loop at line L given a base its work-group shares"
/// for --explain's kernel line, for the loops of Kernel among Loops.
std::string strideSummary(llvm::ArrayRef<StrideLoop> Loops,
                          llvm::StringRef Kernel);

} // namespace tdrc

#endif
