//===- ItemCode.h - Code of the transforms that run several items per item =//
//
// The dwa and bpu transforms make one work-item run the items of several
// work-groups.  Both coarsen the same way (groups along dimension 0, only on
// grids large enough to fill the GPU afterwards) and both restore the
// parameters the kernel writes before each item; the lines are spelled here
// once.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_ITEMCODE_H
#define TDRC_TDR_ITEMCODE_H

#include "tdrc/Rewriter/CodeBuilder.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace tdrc {

/// How a transform names its coarsening.
struct GroupCoarsening {
  std::string Var;    // the number of groups one group serves
  std::string Most;   // the macro bounding it
  std::string Fewest; // the macro: groups that must still work
  std::string SmallerLastGroup; // the statement for a smaller last group
  std::string Leave;            // the return of the groups that leave
  /// The macro choosing the layout (empty: contiguous only).  Contiguous:
  /// group g (g % Var == 0) serves g .. g + Var - 1.  Interleaved: group
  /// g < tdr_pool_stride serves g, g + stride, g + 2 * stride, ..., so that
  /// work that clusters in space (an image's dark region, the set inside a
  /// fractal) spreads over the serving groups.
  std::string Interleave;
};

/// Var computed from the grid and clamped to 1..Most, Var = 1 where the last
/// group is smaller (OpenCL C 2.0), and the groups whose items an earlier
/// group runs leave.
void emitGroupCoarsening(CodeBuilder &B, clang::ASTContext &Ctx,
                         const Dialect &D, const GroupCoarsening &G);

/// `(uint)(groups along 0 - this group)`: the groups from this one on.
std::string groupsLeft(const Dialect &D);

/// `(uint)(groups along 0)`.
std::string groupsAlong0(const Dialect &D);

/// `T tdr_arg_P = P;` for each parameter: the launch's value.
void copyWrittenParams(CodeBuilder &B, const SourceText &T,
                       llvm::ArrayRef<const clang::ParmVarDecl *> Ps);
/// `P = tdr_arg_P;Note` for each parameter, before an item.
void restoreWrittenParams(CodeBuilder &B,
                          llvm::ArrayRef<const clang::ParmVarDecl *> Ps,
                          const std::string &Note);

} // namespace tdrc

#endif
