//===- RemapEmitter.h - Turn a KernelPlan into source edits ----------------===//
#ifndef TDRC_TDR_REMAP_REMAPEMITTER_H
#define TDRC_TDR_REMAP_REMAPEMITTER_H

#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/Remap/RemapPlan.h"
#include "clang/AST/ASTContext.h"

namespace tdrc {

/// Adds the edits that implement Plan to Edits (offsets in the main file),
/// spelled in dialect D.  Returns false (and leaves Edits untouched) if some
/// edit cannot be placed in the main file; Why then says where.
bool emitKernel(clang::ASTContext &Ctx, const KernelPlan &Plan,
                const Dialect &D, EditList &Edits, std::string &Why);

} // namespace tdrc

#endif
