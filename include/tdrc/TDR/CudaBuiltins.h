//===- CudaBuiltins.h - What CUDA's built-in variables and calls mean ------===//
//
// CUDA reads thread and block coordinates from built-in variables rather
// than functions: in Clang's AST `threadIdx.x` is a PseudoObjectExpr over an
// MSPropertyRefExpr of the variable `threadIdx` (its semantic form calls
// `__fetch_builtin_x`).  threadIdx is the thread ID that remapping redirects
// (global IDs are computed from it); blockIdx, blockDim, gridDim and
// warpSize are the same for every thread of a block.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_CUDABUILTINS_H
#define TDRC_TDR_CUDABUILTINS_H

#include "tdrc/TDR/OpenCLBuiltins.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace tdrc {

enum class CudaVar { None, ThreadIdx, BlockIdx, BlockDim, GridDim, WarpSize };

struct CudaVarRef {
  CudaVar Var = CudaVar::None;
  int Dim = -1; // 0, 1, 2 for .x, .y, .z; -1 for the variable as a whole
  /// The DeclRefExpr of the variable (for a member access, its base).
  const clang::DeclRefExpr *Ref = nullptr;
  explicit operator bool() const { return Var != CudaVar::None; }
};

/// Recognises `threadIdx.x` (the PseudoObjectExpr or its MSPropertyRefExpr),
/// a reference to one of the built-in variables as a whole, and warpSize.
CudaVarRef cudaBuiltinVar(const clang::Stmt *S);

/// The CUDA spelling of a built-in variable.
const char *cudaVarName(CudaVar V);

/// Classifies a CUDA built-in function (one without a user definition) by
/// its name: barriers and fences, atomics, warp and block collectives,
/// cached loads, everything else pure.
BuiltinKind classifyCudaBuiltin(llvm::StringRef Name);

/// CUDA built-ins that store to memory through their arguments (__stcg,
/// surface writes, memcpy, ...).
bool cudaBuiltinWritesMemory(llvm::StringRef Name);

/// Like Expr::HasSideEffects, but reading a CUDA built-in variable (a call
/// of `__fetch_builtin_x` in Clang's AST) is no side effect.
bool hasSideEffectsBesidesIds(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace tdrc

#endif
