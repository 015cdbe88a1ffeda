//===- CudaBuiltins.cpp - What CUDA's built-in variables and calls mean ----===//
#include "tdrc/TDR/CudaBuiltins.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tdrc {

namespace {

/// The built-in variable V is, by the type Clang's CUDA headers give it.
CudaVar varKind(const VarDecl *V) {
  if (!V || !V->getIdentifier() || !V->isFileVarDecl())
    return CudaVar::None;
  if (const RecordDecl *RD = V->getType()->getAsRecordDecl();
      RD && RD->getIdentifier()) {
    llvm::StringRef T = RD->getName();
    if (T == "__cuda_builtin_threadIdx_t")
      return CudaVar::ThreadIdx;
    if (T == "__cuda_builtin_blockIdx_t")
      return CudaVar::BlockIdx;
    if (T == "__cuda_builtin_blockDim_t")
      return CudaVar::BlockDim;
    if (T == "__cuda_builtin_gridDim_t")
      return CudaVar::GridDim;
  }
  const SourceManager &SM = V->getASTContext().getSourceManager();
  if (V->getName() == "warpSize" && V->getType().isConstQualified() &&
      SM.isInSystemHeader(SM.getExpansionLoc(V->getLocation())))
    return CudaVar::WarpSize;
  return CudaVar::None;
}

struct NamedKind {
  const char *Name;
  BuiltinKind Kind;
};
const NamedKind Exact[] = {
    {"__syncthreads", BuiltinKind::Barrier},
    {"__threadfence", BuiltinKind::Barrier},
    {"__threadfence_block", BuiltinKind::Barrier},
    {"__threadfence_system", BuiltinKind::Barrier},
    // Results that depend on which threads share the block or the warp.
    {"__syncthreads_count", BuiltinKind::Collective},
    {"__syncthreads_and", BuiltinKind::Collective},
    {"__syncthreads_or", BuiltinKind::Collective},
    {"__syncwarp", BuiltinKind::Collective},
    {"__activemask", BuiltinKind::Collective},
    {"__barrier_sync", BuiltinKind::Collective},
    // Allocation gives every thread its own block.
    {"malloc", BuiltinKind::Atomic},
};
const char *const CollectivePrefixes[] = {"__shfl", "__ballot", "__any",
                                          "__all",  "__match", "__reduce_"};
const char *const LoadPrefixes[] = {"__ldg", "__ldcg", "__ldca", "__ldcs",
                                    "__ldlu", "__ldcv", "tex", "__nvvm_ldg",
                                    "__nvvm_ldu"};

} // namespace

CudaVarRef cudaBuiltinVar(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return {};
  E = E->IgnoreParens();
  if (auto *PO = dyn_cast<PseudoObjectExpr>(E))
    E = PO->getSyntacticForm()->IgnoreParens();
  CudaVarRef R;
  if (auto *MP = dyn_cast<MSPropertyRefExpr>(E)) {
    const Expr *B = MP->getBaseExpr()->IgnoreParenImpCasts();
    if (auto *OVE = dyn_cast<OpaqueValueExpr>(B))
      B = OVE->getSourceExpr()->IgnoreParenImpCasts();
    R.Ref = dyn_cast<DeclRefExpr>(B);
    llvm::StringRef P = MP->getPropertyDecl()->getName();
    R.Dim = P == "x" ? 0 : P == "y" ? 1 : P == "z" ? 2 : -2;
    if (R.Dim == -2)
      return {};
  } else {
    R.Ref = dyn_cast<DeclRefExpr>(E);
  }
  R.Var = R.Ref ? varKind(dyn_cast<VarDecl>(R.Ref->getDecl())) : CudaVar::None;
  return R.Var == CudaVar::None ? CudaVarRef() : R;
}

const char *cudaVarName(CudaVar V) {
  switch (V) {
  case CudaVar::ThreadIdx:
    return "threadIdx";
  case CudaVar::BlockIdx:
    return "blockIdx";
  case CudaVar::BlockDim:
    return "blockDim";
  case CudaVar::GridDim:
    return "gridDim";
  case CudaVar::WarpSize:
    return "warpSize";
  case CudaVar::None:
    break;
  }
  return "";
}

BuiltinKind classifyCudaBuiltin(llvm::StringRef Name) {
  if (Name.empty())
    return BuiltinKind::NotBuiltin;
  for (const NamedKind &E : Exact)
    if (Name == E.Name)
      return E.Kind;
  for (const char *P : CollectivePrefixes)
    if (Name.starts_with(P))
      return BuiltinKind::Collective;
  if (Name.starts_with("atomic") || Name.starts_with("__nvvm_atom"))
    return BuiltinKind::Atomic;
  for (const char *P : LoadPrefixes)
    if (Name.starts_with(P))
      return BuiltinKind::MemoryRead;
  if (Name.starts_with("surf") && Name.ends_with("read"))
    return BuiltinKind::MemoryRead;
  // Special registers called directly: block coordinates are uniform, the
  // rest (tid, laneid, lanemask, clock, ...) differ per thread.
  if (Name.consume_front("__nvvm_read_ptx_sreg_"))
    return Name.starts_with("ctaid") || Name.starts_with("ntid") ||
                   Name.starts_with("nctaid")
               ? BuiltinKind::WorkGroupUniform
               : BuiltinKind::WorkItemLinearId;
  return BuiltinKind::Pure;
}

bool cudaBuiltinWritesMemory(llvm::StringRef Name) {
  return Name.starts_with("__st") || Name == "memcpy" || Name == "memset" ||
         (Name.starts_with("surf") && Name.ends_with("write"));
}

bool hasSideEffectsBesidesIds(const Expr *E, const ASTContext &Ctx) {
  if (!Ctx.getLangOpts().CUDA || !E->HasSideEffects(Ctx))
    return E->HasSideEffects(Ctx);
  if (cudaBuiltinVar(E))
    return false;
  E = E->IgnoreParens();
  if (auto *CE = dyn_cast<CastExpr>(E))
    if (CE->getCastKind() == CK_LValueToRValue &&
        CE->getSubExpr()->getType().isVolatileQualified())
      return true; // a volatile load
  bool Container =
      isa<CastExpr, ArraySubscriptExpr, AbstractConditionalOperator,
          MemberExpr, ExtVectorElementExpr>(E) ||
      (isa<BinaryOperator>(E) && !cast<BinaryOperator>(E)->isAssignmentOp()) ||
      (isa<UnaryOperator>(E) &&
       !cast<UnaryOperator>(E)->isIncrementDecrementOp());
  if (!Container)
    return true; // effects of its own
  for (const Stmt *C : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(C);
        CE && hasSideEffectsBesidesIds(CE, Ctx))
      return true;
  return false;
}

} // namespace tdrc
