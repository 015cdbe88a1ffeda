//===- Assignable.h - Types whose variables take their value later --------===//
//
// Moving a declaration (a remap round's migrated or recomputed variables,
// a work pool's declarations moved to the top) splits `T v = e;` into
// `T v;` and a later `v = e;`.  Some types cannot be assigned at all.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_ASSIGNABLE_H
#define TDRC_TDR_ASSIGNABLE_H

#include "clang/AST/Type.h"
#include <optional>
#include <string>

namespace tdrc {

/// Why a variable of type T cannot be assigned after its declaration, as
/// "has ...", or none: OpenCL's opaque types (sampler_t, images, events,
/// pipes), and structs or unions with a const member (arrays of them too).
std::optional<std::string> whyNotAssignable(clang::QualType T);

} // namespace tdrc

#endif
