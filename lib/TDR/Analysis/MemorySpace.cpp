//===- MemorySpace.cpp - Where a variable lives, what a callee is ---------===//
#include "tdrc/TDR/MemorySpace.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tdrc {

bool isThreadPrivateVar(const VarDecl *V) {
  if (!V || !V->hasLocalStorage() || V->hasAttr<CUDASharedAttr>())
    return false;
  LangAS AS = V->getType().getAddressSpace();
  return AS == LangAS::Default || AS == LangAS::opencl_private;
}

bool isSharedMemoryVar(const VarDecl *V) {
  return V->getType().getAddressSpace() == LangAS::opencl_local ||
         V->hasAttr<CUDASharedAttr>();
}

bool isGlobalMemoryVar(const VarDecl *V) {
  if (V->getType().getAddressSpace() == LangAS::opencl_global)
    return true;
  // Clang may add an implicit __device__ to __constant__ variables.
  return (V->hasAttr<CUDADeviceAttr>() || V->hasAttr<HIPManagedAttr>()) &&
         !V->hasLocalStorage() && !V->hasAttr<CUDAConstantAttr>() &&
         !V->hasAttr<CUDASharedAttr>();
}

const Expr *storageRoot(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase()->IgnoreParenImpCasts();
    else if (auto *VE = dyn_cast<ExtVectorElementExpr>(E))
      E = VE->getBase()->IgnoreParenImpCasts();
    else if (auto *AS = dyn_cast<ArraySubscriptExpr>(E);
             AS && AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = AS->getBase()->IgnoreParenImpCasts();
    else
      return E;
  }
}

bool isPrivateArray(const Expr *E, const ASTContext &Ctx) {
  LangAS AS = E->getType().getAddressSpace();
  if (AS == LangAS::opencl_local || AS == LangAS::opencl_global ||
      AS == LangAS::opencl_constant)
    return false;
  // The variable the array belongs to: `a`, `s.a`, `m[i]`.
  if (auto *DR = dyn_cast<DeclRefExpr>(storageRoot(E)))
    if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      return isThreadPrivateVar(V);
  // No variable (`p->a[i]`): OpenCL's address space has spoken; CUDA's
  // generic pointers may point anywhere.
  return !Ctx.getLangOpts().CUDA;
}

const FunctionDecl *userDefinition(const FunctionDecl *Callee) {
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  if (!Def || !Def->hasBody())
    return nullptr;
  const ASTContext &Ctx = Def->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  if (Ctx.getLangOpts().CUDA &&
      SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
    return nullptr;
  return Def;
}

llvm::StringRef calleeName(const FunctionDecl *FD) {
  return FD && FD->getIdentifier() ? FD->getName() : llvm::StringRef();
}

/// The record a cooperative-groups call is about: the class of a member
/// function, or the first parameter's of a free one (`cg::sync(block)`).
static llvm::StringRef groupClassOf(const FunctionDecl *FD) {
  const CXXRecordDecl *RD = nullptr;
  if (auto *MD = dyn_cast<CXXMethodDecl>(FD))
    RD = MD->getParent();
  else if (FD->getNumParams() > 0)
    RD = FD->getParamDecl(0)->getType().getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() ? RD->getName() : llvm::StringRef();
}

/// Cooperative groups: a whole thread block's handle (`this_thread_block()`)
/// and its barrier (`block.sync()`, `cg::sync(block)`) are what __syncthreads
/// and blockDim are; the thread's rank in it reads its ID (not redirected);
/// every other group (tiles, coalesced groups, the grid) synchronises or
/// exchanges data between the threads that a remap regroups.
BuiltinKind classifyCooperativeGroups(const FunctionDecl *FD) {
  llvm::StringRef Name = calleeName(FD);
  if (Name == "this_thread_block")
    return BuiltinKind::Pure;
  if (groupClassOf(FD) != "thread_block")
    return BuiltinKind::Collective;
  if (Name == "sync")
    return BuiltinKind::Barrier;
  if (Name == "size" || Name == "num_threads" || Name == "dim_threads" ||
      Name == "group_dim" || Name == "group_index")
    return BuiltinKind::WorkGroupUniform;
  if (Name == "thread_rank" || Name == "thread_index")
    return BuiltinKind::WorkItemLinearId;
  return BuiltinKind::Collective;
}

BuiltinKind classifyCallee(const FunctionDecl *Callee) {
  if (!Callee->getASTContext().getLangOpts().CUDA)
    return classifyBuiltin(calleeName(Callee));
  if (llvm::StringRef(Callee->getQualifiedNameAsString())
          .starts_with("cooperative_groups::"))
    return classifyCooperativeGroups(Callee);
  return classifyCudaBuiltin(calleeName(Callee));
}

void forEachMutableRefArg(const CallExpr *CE,
                          llvm::function_ref<void(const Expr *)> F) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return;
  auto Mutable = [](QualType T) {
    return T->isReferenceType() &&
           !T.getNonReferenceType().isConstQualified();
  };
  unsigned First = 0; // the first argument that binds a parameter
  if (auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && !MD->isStatic()) {
    bool ConstThis = MD->getMethodQualifiers().hasConst();
    if (auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      if (!ConstThis && MC->getImplicitObjectArgument())
        F(MC->getImplicitObjectArgument());
    } else if (isa<CXXOperatorCallExpr>(CE) && CE->getNumArgs() > 0) {
      if (!ConstThis)
        F(CE->getArg(0)); // a member operator's object comes first
      First = 1;
    }
  }
  for (unsigned I = First; I < CE->getNumArgs(); ++I)
    if (I - First < FD->getNumParams() &&
        Mutable(FD->getParamDecl(I - First)->getType()))
      F(CE->getArg(I));
}

} // namespace tdrc
