//===- AddressEscape.h - Whether a private variable's address outlives calls -===//
//
// A private variable whose address is taken cannot, in general, move to
// another work-item: a pointer to it may outlive the move.  Real kernels
// mostly take an address only to hand a context to helpers
// (`md5_init(&ctx0); md5_update(&ctx0, ...)`), which write through it and
// keep nothing.  Such a variable can move by value at a point outside those
// calls: no pointer to it exists there.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_ADDRESSESCAPE_H
#define TDRC_TDR_ADDRESSESCAPE_H

#include "tdrc/TDR/KernelAnalyses.h"
#include "clang/AST/Decl.h"
#include <optional>
#include <string>

namespace tdrc {

/// Why a pointer to V (a local of Body's function) may exist outside the
/// calls it is passed to, or none: every use of V either reads or writes it
/// (or a member or element) in place, or hands its address (`&V`, `&V.f`,
/// an array member decaying) directly to a helper with a body whose
/// parameter, in turn, is only dereferenced or handed on the same way.
std::optional<std::string> addressEscapes(const KernelAnalyses &A,
                                          const clang::VarDecl *V,
                                          const clang::Stmt *Body);

} // namespace tdrc

#endif
