//===- Dialect.h - How the emitted code is spelled: OpenCL C or CUDA -------===//
//
// The remap rounds are the same in both languages; only their spelling
// differs.  One Dialect is chosen per file (from how Clang parsed it) and
// passed to everything that writes code, so the code generators hold no
// language tests of their own.  Later variants (warp-level rounds) add their
// spellings here.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_DIALECT_H
#define TDRC_TDR_DIALECT_H

#include "clang/AST/Type.h"
#include "clang/Basic/LangOptions.h"
#include <string>

namespace clang {
class FunctionDecl;
}

namespace tdrc {

struct Dialect {
  bool Cuda = false;
  /// Storage class of the per-group state: "__local" / "__shared__".
  const char *Shared;
  /// Unsigned types: OpenCL's short names, C++'s spelled-out ones.
  const char *UChar, *UShort, *UInt;
  /// Type of the redirected IDs: the type of what they replace.
  const char *IdType;
  /// The keyword of a kernel definition: "__kernel" / "__global__".
  const char *Kernel;
  /// Words used in comments and --explain.
  const char *Item, *Items, *Group, *Groups, *SharedMemory;
  /// Whether global IDs are queries of their own (OpenCL get_global_id) that
  /// are redirected too; CUDA computes them from threadIdx.
  bool GlobalIds;

  /// The ID query / built-in variable for dimension D.
  std::string localId(unsigned D) const;
  std::string localSize(unsigned D) const;
  /// The work-item's flat index in its group (x fastest: CUDA's warps are
  /// cut from it).
  std::string flatLocalId() const;
  std::string globalId(unsigned D) const;
  std::string groupId(unsigned D) const;
  /// A group barrier; with Global, global memory accesses are ordered too.
  std::string barrier(bool Global) const;
  /// Atomic increment / decrement of an int in shared memory, returning the
  /// old value.
  std::string atomicInc(const std::string &LValue) const;
  std::string atomicDec(const std::string &LValue) const;
  /// A declaration of per-group state of type T named Declarator
  /// (`name[2][256]`).
  std::string sharedDecl(clang::QualType T, const std::string &Declarator,
                         const clang::PrintingPolicy &PP) const;
  /// An expression of type Type (spelled) built from a brace list, to assign
  /// to the variable Var: `(T){...}` in C, `decltype(v){...}` in C++.
  std::string braceValue(const std::string &Type, const std::string &Var,
                         const std::string &Braces) const;
};

const Dialect &openCLDialect();
const Dialect &cudaDialect();
/// The dialect of a translation unit parsed with LO.
const Dialect &dialectFor(const clang::LangOptions &LO);

/// True for OpenCL `__kernel` and CUDA `__global__` functions (OpenCL's
/// attribute was renamed in Clang 21).
bool isKernelFunction(const clang::FunctionDecl *FD);

} // namespace tdrc

#endif
