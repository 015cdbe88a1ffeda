//===- MemorySpace.h - Where a variable lives, what a callee is ------------===//
//
// OpenCL C spells memory spaces as address spaces of types (__private,
// __local, __global); CUDA marks variables with attributes (__shared__,
// __device__, __constant__) and leaves every type, pointers included, in the
// generic space.  The analysis asks these questions instead of looking at
// address spaces, so that both dialects get the same answers.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_MEMORYSPACE_H
#define TDRC_TDR_MEMORYSPACE_H

#include "tdrc/TDR/OpenCLBuiltins.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace tdrc {

/// A variable every work-item (thread) has its own copy of: OpenCL
/// __private, CUDA locals and parameters that are not __shared__ or static.
bool isThreadPrivateVar(const clang::VarDecl *V);

/// OpenCL __local, CUDA __shared__ (static or extern).
bool isSharedMemoryVar(const clang::VarDecl *V);

/// Writable global memory named by a variable: OpenCL __global program-scope
/// variables, CUDA __device__ / __managed__ variables.
bool isGlobalMemoryVar(const clang::VarDecl *V);

/// The object an lvalue is part of: E without its member accesses (not
/// through pointers), vector element accesses and array subscripts of
/// arrays; the result is a DeclRefExpr when E is part of a variable.
const clang::Expr *storageRoot(const clang::Expr *E);

/// Whether the array that E (an array-typed expression) designates is a
/// work-item's private array: subscripting it loads no memory.
bool isPrivateArray(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The definition the analysis follows into, or null for a built-in: a
/// function without a body, or, in CUDA, one defined in a system header (the
/// toolkit's and tdrc's own declarations of atomics, intrinsics, math).
const clang::FunctionDecl *userDefinition(const clang::FunctionDecl *Callee);

/// The identifier of a function, or "" for operators, constructors, ...
llvm::StringRef calleeName(const clang::FunctionDecl *FD);

/// What a call of a built-in (no user definition) means, in the callee's
/// dialect.
BuiltinKind classifyCallee(const clang::FunctionDecl *Callee);
/// A call into cooperative_groups (CUDA): a thread block's handle, barrier
/// and sizes are built-ins like __syncthreads; other groups are collectives.
BuiltinKind classifyCooperativeGroups(const clang::FunctionDecl *FD);

/// Calls F on each argument of a call that binds a non-const reference
/// parameter (C++): the callee may change the argument's object.
void forEachMutableRefArg(const clang::CallExpr *CE,
                          llvm::function_ref<void(const clang::Expr *)> F);

} // namespace tdrc

#endif
