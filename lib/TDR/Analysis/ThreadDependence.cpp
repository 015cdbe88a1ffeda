//===- ThreadDependence.cpp - Work-item dependence fixpoint ---------------===//
#include "tdrc/TDR/ThreadDependence.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtVisitor.h"

using namespace clang;

namespace tdrc {

const char *depName(Dep D) {
  switch (D) {
  case Dep::Uniform:
    return "uniform";
  case Dep::ThreadId:
    return "thread-ID-only";
  case Dep::Data:
    return "data-dependent";
  }
  return "?";
}

static Dep maxDep(Dep A, Dep B) { return A > B ? A : B; }

/// The analysis state of one function body: the kernel, or one helper called
/// with a given vector of argument classes.
struct ThreadDependence::Frame {
  llvm::DenseMap<const VarDecl *, DepValue> Vars;
  llvm::DenseMap<const Stmt *, Dep> LoopJumps;
  llvm::DenseMap<const Stmt *, Dep> LoopExits; // break and return only
  std::vector<const Stmt *> Loops; // and switches (break targets), innermost last
  DepValue Return;                 // join over returned values
  Dep ReturnCtx = Dep::Uniform;    // join over contexts of returns
};

ThreadDependence::ThreadDependence(ASTContext &Ctx, const FunctionDecl *Kernel)
    : Ctx(Ctx), Kernel(Kernel), KernelFrame(std::make_unique<Frame>()) {}

ThreadDependence::~ThreadDependence() = default;

void ThreadDependence::run() {
  // Kernel parameters are uniform; each round can only raise a value, and the
  // lattice has height 3, so this terminates.
  unsigned Rounds = 0;
  do {
    Changed = false;
    visitStmt(*KernelFrame, Kernel->getBody(), Dep::Uniform);
  } while (Changed && ++Rounds < 64);
}

DepValue ThreadDependence::varDep(const VarDecl *V) const {
  auto It = KernelFrame->Vars.find(V);
  DepValue Val = It == KernelFrame->Vars.end() ? DepValue::uniform() : It->second;
  // Written through a pointer or a reference the analysis cannot follow.
  return AddressTaken.count(V) ? Val.join(DepValue::data(nullptr)) : Val;
}

Dep ThreadDependence::loopJumpDep(const Stmt *Loop) const {
  auto It = KernelFrame->LoopJumps.find(Loop);
  return It == KernelFrame->LoopJumps.end() ? Dep::Uniform : It->second;
}

Dep ThreadDependence::loopExitDep(const Stmt *Loop) const {
  auto It = KernelFrame->LoopExits.find(Loop);
  return It == KernelFrame->LoopExits.end() ? Dep::Uniform : It->second;
}

DepValue ThreadDependence::exprDep(const Expr *E) {
  return eval(*KernelFrame, E, Dep::Uniform);
}

void ThreadDependence::raise(Frame &F, const VarDecl *V, DepValue Val) {
  DepValue &Slot = F.Vars[V];
  DepValue New = Slot.join(Val);
  if (New.Level != Slot.Level) {
    Slot = New;
    Changed = true;
  }
}

static bool isPrivateVar(const VarDecl *V) { return isThreadPrivateVar(V); }

/// The variable an lvalue expression writes to, if it is a private variable
/// (possibly through members, vector elements or private array subscripts).
static const VarDecl *lvalueVar(const Expr *E, std::vector<const Expr *> &Idx) {
  E = E->IgnoreParenImpCasts();
  if (auto *DR = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DR->getDecl());
  if (auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? nullptr : lvalueVar(ME->getBase(), Idx);
  if (auto *VE = dyn_cast<ExtVectorElementExpr>(E))
    return lvalueVar(VE->getBase(), Idx);
  // An element of an array object: a variable's (`a[i]`), a row of one
  // (`m[i][j]`) or a struct's field (`ctx.w[i]`, `s.rows[i][j]`).  A
  // subscript of a pointer stores to memory.
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
    if (Base->getType()->isArrayType()) {
      Idx.push_back(AS->getIdx());
      return lvalueVar(Base, Idx);
    }
  }
  return nullptr;
}

void ThreadDependence::assignTo(Frame &F, const Expr *LHS, DepValue V,
                                Dep Ctx) {
  std::vector<const Expr *> Idx;
  const VarDecl *Var = lvalueVar(LHS, Idx);
  for (const Expr *I : Idx)
    V = V.join(eval(F, I, Ctx));
  if (!Var) {
    eval(F, LHS, Ctx); // a store to memory: evaluate the address for effects
    return;
  }
  if (!isPrivateVar(Var))
    return; // __local variables are shared memory, not per-work-item values
  raise(F, Var, V.join({Ctx, nullptr}));
}

void ThreadDependence::noteJump(Frame &F, Dep Ctx, const Stmt *Jump) {
  if (Ctx == Dep::Uniform)
    return;
  // A break leaves the innermost loop or switch, a continue the innermost
  // loop (a switch's break does not change a loop's trip count: the switch
  // is charged, its body depends on it); a return leaves them all.
  bool IsReturn = isa<ReturnStmt>(Jump), IsContinue = isa<ContinueStmt>(Jump);
  for (size_t I = F.Loops.size(); I > 0; --I) {
    const Stmt *Target = F.Loops[I - 1];
    if (IsContinue && isa<SwitchStmt>(Target))
      continue;
    Dep &J = F.LoopJumps[Target];
    if (Ctx > J) {
      J = Ctx;
      Changed = true;
    }
    if (Dep &X = F.LoopExits[Target]; !IsContinue && Ctx > X) {
      X = Ctx;
      Changed = true;
    }
    if (!IsReturn)
      break;
  }
  if (IsReturn)
    F.ReturnCtx = maxDep(F.ReturnCtx, Ctx);
}

void ThreadDependence::escape(Frame &F, const Expr *E, Dep Ctx) {
  std::vector<const Expr *> Idx;
  if (const VarDecl *V = lvalueVar(E, Idx))
    if (isPrivateVar(V) && AddressTaken.insert(V).second)
      Changed = true;
}

DepValue ThreadDependence::evalLoad(Frame &F, const Expr *Load,
                                    DepValue Address) {
  if (Address.Level == Dep::Uniform)
    return DepValue::uniform();
  return Address.Level == Dep::Data ? Address : DepValue::data(Load);
}

DepValue ThreadDependence::eval(Frame &F, const Expr *E, Dep Ctx) {
  if (!E)
    return {};
  E = E->IgnoreParens();
  // CUDA's threadIdx is the thread ID; blockIdx, blockDim, gridDim and
  // warpSize are the same in the whole block.
  if (CudaVarRef R = cudaBuiltinVar(E))
    return R.Var == CudaVar::ThreadIdx ? DepValue::threadId() : DepValue();
  if (auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (auto *V = dyn_cast<VarDecl>(DR->getDecl())) {
      auto It = F.Vars.find(V);
      DepValue Val = It == F.Vars.end() ? DepValue::uniform() : It->second;
      return AddressTaken.count(V) ? Val.join(DepValue::data(nullptr)) : Val;
    }
    return {};
  }
  // C++ assignment of a class object (`a = b` of a struct) is a call.
  if (auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
    DepValue R = eval(F, OC->getArg(1), Ctx);
    assignTo(F, OC->getArg(0), R, Ctx);
    return eval(F, OC->getArg(0), Ctx);
  }
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral,
          UnaryExprOrTypeTraitExpr>(E))
    return {};
  if (auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      DepValue R = eval(F, BO->getRHS(), Ctx);
      if (BO->isCompoundAssignmentOp())
        R = R.join(eval(F, BO->getLHS(), Ctx));
      assignTo(F, BO->getLHS(), R, Ctx);
      return eval(F, BO->getLHS(), Ctx);
    }
    DepValue L = eval(F, BO->getLHS(), Ctx);
    // The right operand of && and || runs under the left one.
    Dep RCtx = BO->isLogicalOp() ? maxDep(Ctx, L.Level) : Ctx;
    return L.join(eval(F, BO->getRHS(), RCtx));
  }
  if (auto *UO = dyn_cast<UnaryOperator>(E)) {
    const Expr *Sub = UO->getSubExpr();
    switch (UO->getOpcode()) {
    case UO_AddrOf: {
      std::vector<const Expr *> Idx;
      DepValue A = {};
      if (const VarDecl *V = lvalueVar(Sub, Idx); V && isPrivateVar(V)) {
        if (AddressTaken.insert(V).second)
          Changed = true;
        // Each work-item's own storage: what a load through the pointer
        // reads (`get(&v)`, `*pv`) is the work-item's, not uniform.
        A = DepValue::data(UO);
      }
      for (const Expr *I : Idx)
        A = A.join(eval(F, I, Ctx));
      if (!isa<DeclRefExpr>(Sub->IgnoreParenImpCasts()) && Idx.empty())
        return eval(F, Sub, Ctx); // &p[i], &s->f: address arithmetic
      return A;
    }
    case UO_Deref:
      return evalLoad(F, UO, eval(F, Sub, Ctx));
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec: {
      DepValue V = eval(F, Sub, Ctx);
      assignTo(F, Sub, V, Ctx);
      return V.join({Ctx, nullptr});
    }
    default:
      return eval(F, Sub, Ctx);
    }
  }
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    // `a[i]` decays `a` only to index it: its address does not escape.
    const Expr *BaseE = AS->getBase()->IgnoreParens();
    if (auto *IC = dyn_cast<ImplicitCastExpr>(BaseE);
        IC && IC->getCastKind() == CK_ArrayToPointerDecay)
      BaseE = IC->getSubExpr();
    DepValue Base = eval(F, BaseE, Ctx);
    DepValue Index = eval(F, AS->getIdx(), Ctx);
    // A private array holds per-work-item values: no memory load involved.
    const Expr *B = AS->getBase()->IgnoreParenImpCasts();
    if (B->getType()->isArrayType() && isPrivateArray(B, this->Ctx))
      return Base.join(Index);
    return evalLoad(F, AS, Base.join(Index));
  }
  if (auto *ME = dyn_cast<MemberExpr>(E)) {
    DepValue Base = eval(F, ME->getBase(), Ctx);
    return ME->isArrow() ? evalLoad(F, ME, Base) : Base;
  }
  if (auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    DepValue C = eval(F, CO->getCond(), Ctx);
    Dep ArmCtx = maxDep(Ctx, C.Level);
    return C.join(eval(F, CO->getTrueExpr(), ArmCtx))
        .join(eval(F, CO->getFalseExpr(), ArmCtx));
  }
  if (auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(F, CE, Ctx);
  // A private array passed as a pointer (`fill(buf, w)`, `vstore4(v, 0, w)`,
  // `int *p = w;`): written through it, as through `&v` (hashcat's
  // `apply_rules(pw, w0, w1)`, `md5_transform(w0, ..., digest)`: the arrays
  // hold each work-item's hash).
  if (auto *IC = dyn_cast<ImplicitCastExpr>(E);
      IC && IC->getCastKind() == CK_ArrayToPointerDecay) {
    std::vector<const Expr *> Idx;
    if (const VarDecl *V = lvalueVar(IC->getSubExpr(), Idx);
        V && isPrivateVar(V)) {
      if (AddressTaken.insert(V).second)
        Changed = true;
      DepValue A = DepValue::data(IC);
      for (const Expr *I : Idx)
        A = A.join(eval(F, I, Ctx));
      return A;
    }
  }
  // Casts, vector element access, init lists, compound literals, ...: the
  // join of the children (each evaluated for its side effects).
  DepValue R;
  for (const Stmt *Child : E->children())
    if (auto *CE2 = dyn_cast_or_null<Expr>(Child))
      R = R.join(eval(F, CE2, Ctx));
  return R;
}

DepValue ThreadDependence::evalCall(Frame &F, const CallExpr *CE, Dep Ctx) {
  forEachMutableRefArg(CE, [&](const Expr *A) { escape(F, A, Ctx); });
  std::vector<Dep> ArgDeps;
  DepValue Args;
  // A member call's result depends on its object (`dim3 t = threadIdx`
  // converts through a member function).
  if (auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    if (const Expr *Obj = MC->getImplicitObjectArgument())
      Args = eval(F, Obj, Ctx);
  for (const Expr *A : CE->arguments()) {
    DepValue D = eval(F, A, Ctx);
    ArgDeps.push_back(D.Level);
    Args = Args.join(D);
  }
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return DepValue::data(CE);
  if (const FunctionDecl *Def = userDefinition(FD))
    return helperSummary(Def, ArgDeps).join(Args.Level == Dep::Data
                                                ? Args
                                                : DepValue::uniform());
  switch (classifyCallee(FD)) {
  case BuiltinKind::WorkItemId:
  case BuiltinKind::WorkItemLinearId:
    return DepValue::threadId().join(Args);
  case BuiltinKind::WorkGroupUniform:
  case BuiltinKind::Barrier:
    return Args;
  case BuiltinKind::Atomic:
  case BuiltinKind::Collective:
    return DepValue::data(CE);
  case BuiltinKind::MemoryRead:
    return evalLoad(F, CE, Args);
  case BuiltinKind::Pure:
  case BuiltinKind::NotBuiltin:
    return Args;
  }
  return Args;
}

DepValue ThreadDependence::helperSummary(const FunctionDecl *FD,
                                         const std::vector<Dep> &Args) {
  auto Key = std::make_pair(FD, Args);
  auto It = Summaries.find(Key);
  if (It != Summaries.end())
    return It->second;
  if (Depth > 16) // recursion (not valid OpenCL) or very deep call chains
    return DepValue::data(nullptr);
  Frame H;
  for (unsigned I = 0; I < FD->getNumParams() && I < Args.size(); ++I)
    H.Vars[FD->getParamDecl(I)] = {Args[I], nullptr};
  ++Depth;
  bool OuterChanged = Changed;
  unsigned Rounds = 0;
  do {
    Changed = false;
    visitStmt(H, FD->getBody(), Dep::Uniform);
  } while (Changed && ++Rounds < 64);
  Changed = OuterChanged;
  --Depth;
  DepValue R = H.Return.join({H.ReturnCtx, nullptr});
  Summaries[Key] = R;
  return R;
}

void ThreadDependence::visitStmt(Frame &F, const Stmt *S, Dep Ctx) {
  if (!S)
    return;
  if (auto *E = dyn_cast<Expr>(S)) {
    eval(F, E, Ctx);
    return;
  }
  if (auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (auto *V = dyn_cast<VarDecl>(D))
        if (const Expr *Init = V->getInit()) {
          if (V->getType()->isReferenceType())
            escape(F, Init, Ctx); // another name for the same object
          if (isPrivateVar(V))
            raise(F, V, eval(F, Init, Ctx).join({Ctx, nullptr}));
        }
    return;
  }
  if (auto *IS = dyn_cast<IfStmt>(S)) {
    // `if (init; cond)` and `if (T v = e)` (C++): their declarations first.
    visitStmt(F, IS->getInit(), Ctx);
    visitStmt(F, IS->getConditionVariableDeclStmt(), Ctx);
    Dep C = maxDep(Ctx, eval(F, IS->getCond(), Ctx).Level);
    if (IS == Transparent && &F == KernelFrame.get())
      C = Ctx;
    visitStmt(F, IS->getThen(), C);
    visitStmt(F, IS->getElse(), C);
    return;
  }
  if (auto *SS = dyn_cast<SwitchStmt>(S)) {
    visitStmt(F, SS->getInit(), Ctx);
    visitStmt(F, SS->getConditionVariableDeclStmt(), Ctx);
    Dep C = maxDep(Ctx, eval(F, SS->getCond(), Ctx).Level);
    // The cases after a thread-dependent break depend on it.
    C = maxDep(C, F.LoopJumps.lookup(SS));
    F.Loops.push_back(SS);
    visitStmt(F, SS->getBody(), C);
    F.Loops.pop_back();
    return;
  }
  if (isa<ForStmt, WhileStmt, DoStmt>(S)) {
    const Stmt *Init = nullptr, *Body = nullptr, *Inc = nullptr;
    const DeclStmt *CondVar = nullptr; // `while (T v = e)`, set each round
    const Expr *Cond = nullptr;
    if (auto *FS = dyn_cast<ForStmt>(S)) {
      Init = FS->getInit(), Cond = FS->getCond(), Inc = FS->getInc();
      Body = FS->getBody();
      CondVar = FS->getConditionVariableDeclStmt();
    } else if (auto *WS = dyn_cast<WhileStmt>(S)) {
      Cond = WS->getCond(), Body = WS->getBody();
      CondVar = WS->getConditionVariableDeclStmt();
    } else {
      auto *DoS = cast<DoStmt>(S);
      Cond = DoS->getCond(), Body = DoS->getBody();
    }
    visitStmt(F, Init, Ctx);
    visitStmt(F, CondVar, Ctx);
    // Everything in the loop runs as long as the loop has not exited, so it is
    // control dependent on the exit condition and on any thread-dependent jump.
    // The increment and the condition run in every work-item still in the
    // loop: a continue skips the rest of the body, not them.
    Dep In = maxDep(Ctx, eval(F, Cond, Ctx).Level);
    Dep Header = maxDep(In, F.LoopExits.lookup(S));
    In = maxDep(In, F.LoopJumps.lookup(S));
    F.Loops.push_back(S);
    visitStmt(F, Body, In);
    visitStmt(F, Inc, Header);
    F.Loops.pop_back();
    visitStmt(F, CondVar, Header);
    eval(F, Cond, Header);
    return;
  }
  if (isa<BreakStmt, ContinueStmt>(S)) {
    noteJump(F, Ctx, S);
    return;
  }
  if (auto *RS = dyn_cast<ReturnStmt>(S)) {
    F.Return = F.Return.join(eval(F, RS->getRetValue(), Ctx))
                   .join({Ctx, nullptr});
    noteJump(F, Ctx, RS);
    return;
  }
  for (const Stmt *Child : S->children())
    visitStmt(F, Child, Ctx);
}

} // namespace tdrc
