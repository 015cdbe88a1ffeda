//===- GridStrideStage.h - The parse with grid-stride loops rewritten -----===//
//
// The front end's side of GridStride.h: what each parse records (the
// remap's branches per kernel, the first parse's candidate loops) and the
// choice between the parse of the file as written and the parse with the
// loops rewritten.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_GRIDSTRIDESTAGE_H
#define TDRC_REWRITER_GRIDSTRIDESTAGE_H

#include "GridStride.h"
#include "tdrc/Rewriter/PassManager.h"
#include "tdrc/Rewriter/TdrcFrontend.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace tdrc {

struct UnfoldPass;

/// After K's plans: counts the remap's branches into Result; the first
/// parse (Found non-null) adds the grid-stride loops around branches the
/// remap declined for a varying trip count; a parse of rewritten loops
/// (Strided) names K's on its --explain line.
void noteStrideLoops(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                     KernelOutcome &Outcome, RewriteResult &Result,
                     std::vector<StrideLoop> *Found,
                     llvm::ArrayRef<StrideLoop> Strided);

/// Parse(Text, Strided) parses Text (null: the file as it is) and returns
/// its result, the loops its first pass found and the text it parsed.
struct StrideParse {
  RewriteResult R;
  std::vector<StrideLoop> Found;
  std::string MainText;
};
using StrideParser = llvm::function_ref<StrideParse(
    const std::string *Text, llvm::ArrayRef<StrideLoop> Strided)>;

/// The file as written; or, where that declined branches in grid-stride
/// loops, the parse with the loops of the kernels that gain rewritten, when
/// the remap then takes more branches.
RewriteResult withStrideLoops(StrideParser Parse);

} // namespace tdrc

#endif
