//===- LoopFootprint.cpp - What a loop's statement reads and writes -------===//
//
// Splitting a loop moves each statement away from the others: legal when
// no two groups share a private variable one of them writes, nor memory
// one of them writes.  A statement's footprint is the private variables it
// reads and writes (declared, assigned, incremented, its address taken or
// bound to a non-const reference: the callee may write it) and the memory
// roots it reads and writes (MemoryRoots.h, through helpers).  What cannot
// move with it at all (a barrier, a jump out of the loop, a print) makes
// it illegal.
//
//===----------------------------------------------------------------------===//
#include "LoopSplitPlan.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace tdrc {

namespace {

/// A private array used as a pointer: decayed anywhere but as the base of
/// a subscript (`arr[i]` reads arr; `f(arr)` and `p = arr` hand it out).
const VarDecl *decayedPrivateArray(const Stmt *S,
                                   const llvm::DenseSet<const Stmt *> &Bases) {
  auto *IC = dyn_cast<ImplicitCastExpr>(S);
  if (!IC || IC->getCastKind() != CK_ArrayToPointerDecay || Bases.count(IC))
    return nullptr;
  const VarDecl *V = targetVar(IC->getSubExpr());
  return V && isThreadPrivateVar(V) ? V : nullptr;
}

/// The subscript bases under S (their decay only reads the array).
void subscriptBases(const Stmt *S, llvm::DenseSet<const Stmt *> &Out) {
  if (!S)
    return;
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(S))
    Out.insert(AS->getBase()->IgnoreParens());
  for (const Stmt *C : S->children())
    subscriptBases(C, Out);
}

void addressTaken(const Stmt *S, const llvm::DenseSet<const Stmt *> &Bases,
                  llvm::SetVector<const VarDecl *> &Out) {
  if (!S)
    return;
  if (auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->getOpcode() == UO_AddrOf)
    if (const VarDecl *V = targetVar(UO->getSubExpr());
        V && isThreadPrivateVar(V))
      Out.insert(V);
  if (const VarDecl *V = decayedPrivateArray(S, Bases))
    Out.insert(V);
  for (const Stmt *C : S->children())
    addressTaken(C, Bases, Out);
}

/// Whether E reaches memory through a pointer (not a private variable or
/// a subscript of a private array).
bool throughPointer(const Expr *E) {
  const VarDecl *V = targetVar(E);
  return !V || !isThreadPrivateVar(V);
}

/// Whether S names a private variable that may hold an address (a pointer
/// of the kernel's own, not a parameter, which the host sets) or takes a
/// private variable's address.
bool namesPrivateAddress(const Stmt *S, const FunctionDecl *Kernel) {
  if (!S)
    return false;
  if (auto *DR = dyn_cast<DeclRefExpr>(S))
    if (auto *V = dyn_cast<VarDecl>(DR->getDecl());
        V && isThreadPrivateVar(V) && mayHoldAddress(V->getType()) &&
        !(isa<ParmVarDecl>(V) && V->getDeclContext() == Kernel))
      return true;
  if (auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->getOpcode() == UO_AddrOf)
    if (const VarDecl *V = targetVar(UO->getSubExpr());
        V && isThreadPrivateVar(V))
      return true;
  if (auto *IC = dyn_cast<ImplicitCastExpr>(S);
      IC && IC->getCastKind() == CK_ArrayToPointerDecay)
    if (const VarDecl *V = targetVar(IC->getSubExpr());
        V && isThreadPrivateVar(V))
      return true;
  for (const Stmt *C : S->children())
    if (namesPrivateAddress(C, Kernel))
      return true;
  return false;
}

/// Whether the pointer P may point into a work-item's private variables:
/// not where its pointee lies in another address space (OpenCL's
/// __global/__constant/__local, CUDA's __device__/__shared__), nor where it
/// is made only of the kernel's parameters and shared or global variables.
bool mayPointToPrivate(const Expr *P, const FunctionDecl *Kernel) {
  if (!P || !P->getType()->isPointerType())
    return true;
  switch (P->getType()->getPointeeType().getAddressSpace()) {
  case LangAS::opencl_global:
  case LangAS::opencl_constant:
  case LangAS::opencl_local:
  case LangAS::cuda_device:
  case LangAS::cuda_constant:
  case LangAS::cuda_shared:
    return false;
  case LangAS::opencl_private:
    return true;
  default:
    return namesPrivateAddress(P, Kernel);
  }
}

/// The pointer an lvalue is reached through (`p[i]`, `*p`, `p->f`,
/// `p->s.f`), or null.
const Expr *pointerOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return AS->getBase();
  if (auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    return UO->getSubExpr();
  if (auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? ME->getBase() : pointerOf(ME->getBase());
  return nullptr;
}

class FootprintWalker {
public:
  FootprintWalker(FootprintScope &Scope, Footprint &F, const Stmt *Root)
      : A(Scope.A), Roots(Scope.Roots), Escaped(Scope.AddressTaken), F(F) {
    subscriptBases(Root, Bases);
  }

  /// Depth: loops (and switches, for break) entered inside the statement.
  void walk(const Stmt *S, unsigned Loops, unsigned Breakable) {
    if (!S || F.Illegal)
      return;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S)) {
      for (const Stmt *C : S->children())
        walk(C, Loops + 1, Breakable + 1);
      return;
    }
    if (isa<SwitchStmt>(S)) {
      for (const Stmt *C : S->children())
        walk(C, Loops, Breakable + 1);
      return;
    }
    if (isa<BreakStmt>(S) && !Breakable)
      return fail(S, "a break out of the loop");
    if (isa<ContinueStmt>(S) && !Loops)
      return fail(S, "a continue of the loop");
    if (isa<ReturnStmt>(S))
      return fail(S, "a return");
    if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(S))
      return fail(S, "a goto or label");
    if (isa<AsmStmt>(S))
      return fail(S, "inline assembly");
    if (isa<LambdaExpr>(S))
      return fail(S, "a lambda");
    if (auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D)) {
          if (!isThreadPrivateVar(V))
            return fail(S, "a declaration of shared or static memory");
          F.VarsWritten.insert(V);
        }
    if (auto *DR = dyn_cast<DeclRefExpr>(S))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl())) {
        if (V->getType().isVolatileQualified())
          return fail(S, "a volatile variable");
        if (isThreadPrivateVar(V))
          F.VarsRead.insert(V);
      }
    if (auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      written(BO->getLHS());
    if (auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp())
        written(UO->getSubExpr());
      else if (UO->getOpcode() == UO_Deref)
        readThroughPointer(UO->getSubExpr());
      else if (UO->getOpcode() == UO_AddrOf) {
        if (const VarDecl *V = targetVar(UO->getSubExpr());
            V && isThreadPrivateVar(V))
          F.VarsWritten.insert(V); // the address may be written through
      }
    }
    if (const VarDecl *V = decayedPrivateArray(S, Bases))
      F.VarsWritten.insert(V); // handed out as a pointer
    if (auto *AS = dyn_cast<ArraySubscriptExpr>(S);
        AS && throughPointer(AS))
      readThroughPointer(AS->getBase());
    if (auto *ME = dyn_cast<MemberExpr>(S); ME && ME->isArrow())
      readThroughPointer(ME->getBase());
    if (auto *CE = dyn_cast<CallExpr>(S))
      call(CE);
    for (const Stmt *C : S->children())
      walk(C, Loops, Breakable);
  }

private:
  void fail(const Stmt *S, const char *What) {
    if (!F.Illegal)
      F.Illegal = std::string(What) + " at " + A.loc(S->getBeginLoc());
  }

  /// An assignment's or increment's target: a private variable, or memory
  /// (and then any private variable a pointer may hold the address of).
  void written(const Expr *Target) {
    const VarDecl *V = targetVar(Target);
    if (V && isThreadPrivateVar(V)) {
      F.VarsWritten.insert(V);
      return;
    }
    Roots.collect(Target, F.MemWritten);
    const Expr *Ptr = Target->getType()->isPointerType() ? Target
                                                          : pointerOf(Target);
    if (mayPointToPrivate(Ptr, A.Kernel))
      F.VarsWritten.insert(Escaped.begin(), Escaped.end());
  }

  void readThroughPointer(const Expr *Ptr) {
    if (mayPointToPrivate(Ptr, A.Kernel))
      F.VarsRead.insert(Escaped.begin(), Escaped.end());
  }

  void call(const CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return fail(CE, "a call through a function pointer");
    if (auto *MD = dyn_cast<CXXMethodDecl>(Callee);
        MD && !MD->isStatic() && !MD->isTrivial())
      return fail(CE, "a member function call");
    StringRef Name = calleeName(Callee);
    if (Name == "printf")
      return fail(CE, "a printf (its lines would come in another order)");
    const FunctionDecl *Def = userDefinition(Callee);
    if (Def) {
      F.UserCalls = true;
      llvm::DenseSet<const FunctionDecl *> Seen;
      if (auto Why = helperBlocks(Def->getBody(), Seen))
        return fail(CE, Why);
      helperStaticWrites(CE, Seen, F.MemWritten);
    } else {
      switch (classifyCallee(Callee)) {
      case BuiltinKind::Barrier:
        return fail(CE, "a barrier (work-items meet once per iteration)");
      case BuiltinKind::Collective:
        return fail(CE, "a collective");
      default:
        break;
      }
    }
    for (const Expr *T : writeTargets(CE))
      written(T);
    for (const Expr *Arg : CE->arguments())
      if (Arg->getType()->isPointerType())
        readThroughPointer(Arg);
    forEachMutableRefArg(CE, [&](const Expr *Arg) { written(Arg); });
  }

  /// What in a helper the split cannot move (its own returns are fine).
  const char *helperBlocks(const Stmt *S,
                           llvm::DenseSet<const FunctionDecl *> &Seen) {
    if (!S)
      return nullptr;
    if (auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (!Callee)
        return "a call through a function pointer (in a helper)";
      if (calleeName(Callee) == "printf")
        return "a printf (in a helper)";
      if (const FunctionDecl *Def = userDefinition(Callee)) {
        if (Seen.insert(Def).second)
          if (const char *Why = helperBlocks(Def->getBody(), Seen))
            return Why;
      } else if (BuiltinKind K = classifyCallee(Callee);
                 K == BuiltinKind::Barrier || K == BuiltinKind::Collective) {
        return "a barrier or collective (in a helper)";
      }
    }
    if (isa<AsmStmt>(S))
      return "inline assembly (in a helper)";
    for (const Stmt *C : S->children())
      if (const char *Why = helperBlocks(C, Seen))
        return Why;
    return nullptr;
  }

  KernelAnalyses &A;
  MemoryRoots &Roots;
  const llvm::SetVector<const VarDecl *> &Escaped;
  Footprint &F;
  llvm::DenseSet<const Stmt *> Bases;
};

/// The address space a root's memory lies in.
LangAS spaceOf(const VarDecl *V) {
  QualType T = V->getType();
  if (isa<ParmVarDecl>(V) || T->isPointerType())
    return T->isPointerType() ? T->getPointeeType().getAddressSpace()
                              : LangAS::Default;
  return T.getAddressSpace();
}

bool isRestrictPointer(const VarDecl *V) {
  return isa<ParmVarDecl>(V) && V->getType()->isPointerType() &&
         V->getType().isRestrictQualified();
}

} // namespace

FootprintScope::FootprintScope(KernelAnalyses &A) : A(A), Roots(A) {
  llvm::DenseSet<const Stmt *> Bases;
  subscriptBases(A.Body, Bases);
  addressTaken(A.Body, Bases, AddressTaken);
}

Footprint footprintOf(FootprintScope &Scope, const Stmt *S) {
  Footprint F;
  FootprintWalker W(Scope, F, S);
  W.walk(S, 0, 0);
  llvm::DenseSet<const FunctionDecl *> Seen;
  readRoots(Scope.Roots, S, Seen, F.MemRead);
  return F;
}

bool mayAlias(const VarDecl *X, const VarDecl *Y) {
  if (X == Y)
    return true;
  // restrict: what is reached through it is reached through nothing else.
  if (isRestrictPointer(X) || isRestrictPointer(Y))
    return false;
  bool XObject = !X->getType()->isPointerType() && !isa<ParmVarDecl>(X);
  bool YObject = !Y->getType()->isPointerType() && !isa<ParmVarDecl>(Y);
  if (XObject && YObject) // two distinct arrays or variables
    return false;
  LangAS SX = spaceOf(X), SY = spaceOf(Y);
  auto Generic = [](LangAS S) {
    return S == LangAS::Default || S == LangAS::opencl_generic;
  };
  // CUDA: a pointer parameter (generic) may reach __device__ memory but
  // never a block's __shared__ memory, which the host cannot name.
  if ((SX == LangAS::cuda_shared && isa<ParmVarDecl>(Y)) ||
      (SY == LangAS::cuda_shared && isa<ParmVarDecl>(X)))
    return false;
  return SX == SY || Generic(SX) || Generic(SY);
}

} // namespace tdrc
