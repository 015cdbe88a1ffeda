//===- Fragments.cpp - Which branches share one remap round ----------------===//
//
// A round evaluates the conditions of all its members before its remap, at
// its head.  A data-dependent branch joins an open round when its conditions
// give the same values there as where they are written:
//
//  - nesting: the branch is the first statement of a path of a member; its
//    conditions are evaluated under that path's condition, as before;
//  - one fragment: the branch is a later statement of the head's block, and
//    nothing between the head and it (the head's paths included) may change
//    what its conditions read, jump past it, or write memory its conditions
//    read.  A branch that depends on a result of an earlier branch of the
//    fragment starts the next round (the next fragment).
//
// Joining greedily in source order gives the fewest rounds: whether a branch
// can move up to a head only gets easier for later heads.  A later branch
// joins only a round that is DGI anyway (more than two paths, or DGI forced):
// measured, two Head-or-Tail rounds beat one DGI round over four paths.
//
//===----------------------------------------------------------------------===//
#include "PlannerImpl.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/PathShapes.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/MemorySpace.h"
#include "tdrc/TDR/PathVector.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace tdrc {

namespace {

/// The variable a store through E changes, if E names private storage; null
/// when it may be memory (a pointer, a non-private array).
const VarDecl *storedVar(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase()->IgnoreParenImpCasts();
    } else if (auto *VE = dyn_cast<ExtVectorElementExpr>(E)) {
      E = VE->getBase()->IgnoreParenImpCasts();
    } else if (auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *B = AS->getBase()->IgnoreParenImpCasts();
      if (!B->getType()->isArrayType())
        return nullptr;
      E = B;
    } else {
      break;
    }
  }
  auto *DR = dyn_cast<DeclRefExpr>(E);
  auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (V && !isThreadPrivateVar(V))
    return nullptr; // __local / __shared__ arrays are shared memory
  return V;
}

bool isPureCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return false;
  if (FD->hasAttr<ConstAttr>() || FD->hasAttr<PureAttr>())
    return true;
  return calleeName(FD).starts_with("get_"); // work-item functions
}

/// What a range of statements may do to a hoisted condition.
struct Effects {
  llvm::DenseMap<const VarDecl *, const Stmt *> Vars; // written or escaped
  const Stmt *Memory = nullptr; // first possible memory write
  const Stmt *Jump = nullptr;   // return, goto, or break/continue leaving it

  void scan(const Stmt *St, unsigned Breakable = 0) {
    if (!St || cudaBuiltinVar(St)) // reading threadIdx.x changes nothing
      return;
    if (auto *BO = dyn_cast<BinaryOperator>(St); BO && BO->isAssignmentOp())
      store(BO->getLHS(), BO);
    if (auto *UO = dyn_cast<UnaryOperator>(St)) {
      if (UO->isIncrementDecrementOp())
        store(UO->getSubExpr(), UO);
      if (UO->getOpcode() == UO_AddrOf)
        store(UO->getSubExpr(), UO); // it may be written through later
    }
    if (auto *DS = dyn_cast<DeclStmt>(St))
      for (const Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D))
          Vars.try_emplace(V, DS);
    if (auto *CE = dyn_cast<CallExpr>(St)) {
      // C++: `a = b` of a class, and arguments bound to non-const references.
      if (auto *OC = dyn_cast<CXXOperatorCallExpr>(CE);
          OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
        store(OC->getArg(0), OC);
      forEachMutableRefArg(CE, [&](const Expr *A) { store(A, CE); });
      if (!isPureCall(CE) && !Memory)
        Memory = CE;
    }
    if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(St) ||
        (isa<BreakStmt, ContinueStmt>(St) && !Breakable))
      Jump = Jump ? Jump : St;
    bool Loop = isa<ForStmt, WhileStmt, DoStmt, SwitchStmt>(St);
    for (const Stmt *C : St->children())
      scan(C, Breakable + (Loop ? 1 : 0));
  }

private:
  void store(const Expr *E, const Stmt *At) {
    if (const VarDecl *V = storedVar(E))
      Vars.try_emplace(V, At);
    else if (!Memory)
      Memory = At;
  }
};

/// Does E read memory (through a pointer, a shared array) or call anything
/// but pure functions?  Fills the private variables it reads.
bool readsOf(const Stmt *E, llvm::SmallVectorImpl<const VarDecl *> &Vars) {
  if (cudaBuiltinVar(E)) // threadIdx.x & co. are no memory
    return false;
  bool Memory = false;
  if (auto *DR = dyn_cast<DeclRefExpr>(E))
    if (auto *V = dyn_cast<VarDecl>(DR->getDecl())) {
      if (storedVar(DR))
        Vars.push_back(V);
      else if (!V->getType()->isPointerType())
        Memory = true;
    }
  if (isa<ArraySubscriptExpr>(E) || isa<CallExpr>(E) ||
      (isa<MemberExpr>(E) && cast<MemberExpr>(E)->isArrow()))
    Memory |= !storedVar(cast<Expr>(E)) &&
              !(isa<CallExpr>(E) && isPureCall(cast<CallExpr>(E)));
  if (auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    Memory = true;
  for (const Stmt *C : E->children())
    if (C)
      Memory |= readsOf(C, Vars);
  return Memory;
}

/// The statement of path P of member M, or null.
const Stmt *pathBody(const PathMember &M, unsigned P) {
  if (M.Chain.empty())
    return nullptr;
  if (P < M.Chain.size())
    return M.Chain[P]->getThen();
  return M.Chain.back()->getElse();
}

std::vector<const Expr *> conditions(const PathMember &M) {
  std::vector<const Expr *> Out;
  if (auto *Sw = dyn_cast<SwitchStmt>(M.Branch))
    Out.push_back(Sw->getCond());
  for (const IfStmt *If : M.Chain)
    Out.push_back(If->getCond());
  return Out;
}

bool hasSwitch(const RemapRound &R) {
  for (const PathMember &M : R.Members)
    if (isa<SwitchStmt>(M.Branch))
      return true;
  return false;
}

} // namespace

std::optional<std::string> makeMember(PlannerState &S, const Stmt *B,
                                      PathMember &M) {
  M = PathMember();
  M.Branch = B;
  if (auto *If = dyn_cast<IfStmt>(B)) {
    M.Chain = elseIfChain(If);
    M.Paths = unsigned(M.Chain.size()) + 1;
  } else {
    SwitchPaths SP;
    if (auto Reason = switchPaths(cast<SwitchStmt>(B), SP))
      return "the switch cannot be remapped: " + *Reason;
    M.Paths = SP.paths();
  }
  for (const IfStmt *C : M.Chain)
    if (C->getInit() || C->getConditionVariable())
      return "the if at " + S.loc(C->getBeginLoc()) +
             " declares a variable in its condition";
  if (const auto *Sw = dyn_cast<SwitchStmt>(B);
      Sw && (Sw->getInit() || Sw->getConditionVariable()))
    return std::string("the switch declares a variable in its condition");
  bool InFile = !B->getBeginLoc().isMacroID() && S.spelledInFile(condOf(B));
  for (const IfStmt *C : M.Chain)
    InFile &= S.spelledInFile(C->getCond());
  if (!InFile)
    return spelledInMacro("the branch");
  return std::nullopt;
}

std::optional<std::string> hoistBlocker(PlannerState &S, const PathMember &M,
                                        const std::vector<const Stmt *> &Between) {
  Effects E;
  for (const Stmt *St : Between)
    E.scan(St);
  for (const Expr *C : conditions(M)) {
    if (hasSideEffectsBesidesIds(C, S.Ctx))
      return "its condition at " + S.loc(C->getBeginLoc()) +
             " has side effects";
    llvm::SmallVector<const VarDecl *, 8> Vars;
    bool Memory = readsOf(C, Vars);
    for (const VarDecl *V : Vars)
      if (auto It = E.Vars.find(V); It != E.Vars.end())
        return "its condition reads '" + V->getNameAsString() +
               "', which the statement at " +
               S.loc(It->second->getBeginLoc()) + " may change first";
    if (Memory && E.Memory)
      return "its condition reads memory that the statement at " +
             S.loc(E.Memory->getBeginLoc()) + " may write first";
  }
  if (E.Jump)
    return std::string(isa<ReturnStmt>(E.Jump)     ? "the return"
                       : isa<BreakStmt>(E.Jump)    ? "the break"
                       : isa<ContinueStmt>(E.Jump) ? "the continue"
                                                   : "the goto") +
           " at " + S.loc(E.Jump->getBeginLoc()) + " may skip it";
  return std::nullopt;
}

std::vector<const Expr *> memberConditions(const PathMember &M) {
  return conditions(M);
}

bool conditionsReadMemory(const PathMember &M) {
  llvm::SmallVector<const VarDecl *, 8> Vars;
  for (const Expr *C : conditions(M))
    if (readsOf(C, Vars))
      return true;
  return false;
}

bool forcesDgi(PlannerState &S, const Stmt *Head) {
  const BranchDirective *D =
      S.Opts.Directives ? S.Opts.Directives->forBranch(Head) : nullptr;
  std::optional<Algorithm> Want =
      D && D->Algo ? D->Algo : S.Opts.Algorithm;
  return Want && usesSubCounts(*Want);
}

bool forcesHeadOrTail(PlannerState &S, const Stmt *Head) {
  if (std::optional<Algorithm> Opt = S.Opts.Algorithm;
      Opt && isHeadOrTailLike(*Opt))
    return true;
  const BranchDirective *D =
      S.Opts.Directives ? S.Opts.Directives->forBranch(Head) : nullptr;
  return D && D->Algo && isHeadOrTailLike(*D->Algo);
}

/// A directive that keeps B out of other branches' rounds.
static bool standsAlone(PlannerState &S, const Stmt *B) {
  const BranchDirective *D =
      S.Opts.Directives ? S.Opts.Directives->forBranch(B) : nullptr;
  return D && (D->Skip || D->Algo || D->Neighbors || !D->allows("remap"));
}

/// The statements of the head's block from the head up to (without) Until.
static std::vector<const Stmt *> between(PlannerState &S, const Stmt *Head,
                                         const Stmt *Until) {
  std::vector<const Stmt *> Out;
  auto *Block = dyn_cast_or_null<CompoundStmt>(S.PM.getParent(Head));
  if (!Block || Head == Until)
    return Out;
  bool In = false;
  for (const Stmt *St : Block->body()) {
    if (St == Until)
      break;
    In |= St == Head;
    if (In)
      Out.push_back(St);
  }
  return Out;
}

/// The first if or switch statement of a path, and the statements before it
/// (its condition moves up past them).
static const Stmt *firstBranch(const Stmt *Body,
                               std::vector<const Stmt *> &Before) {
  auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
  if (!CS)
    return isa_and_nonnull<IfStmt, SwitchStmt>(Body) ? Body : nullptr;
  for (const Stmt *St : CS->body()) {
    if (isa<IfStmt, SwitchStmt>(St))
      return St;
    Before.push_back(St);
  }
  return nullptr;
}

/// Adds the branches opening M's paths; M's conditions moved up past Moved.
static void addNested(PlannerState &S, RemapRound &R, unsigned M,
                      const std::vector<const Stmt *> &Moved,
                      llvm::DenseMap<const Stmt *, std::string> &NotJoined) {
  for (unsigned P = 0; P < R.Members[M].Paths; ++P) {
    std::vector<const Stmt *> Past = Moved;
    const Stmt *C = firstBranch(pathBody(R.Members[M], P), Past);
    if (!C || S.condDep(C) != Dep::Data || standsAlone(S, C))
      continue;
    auto Refuse = [&](const std::string &Why) { NotJoined[C] = Why; };
    if (isa<SwitchStmt>(C)) {
      Refuse("a switch cannot join the path vector of an enclosing branch");
      continue;
    }
    if (forcesHeadOrTail(S, R.Branch)) {
      Refuse("Head-or-Tail (forced) handles two paths only");
      continue;
    }
    PathMember Child;
    if (auto Why = makeMember(S, C, Child)) {
      Refuse(*Why);
      continue;
    }
    Child.Parent = int(M);
    Child.ParentPath = P;
    if (pathsWith(R, Child) > MaxPaths) {
      Refuse("the round would have more than " + std::to_string(MaxPaths) +
             " paths");
      continue;
    }
    if (auto Why = hoistBlocker(S, Child, Past)) {
      Refuse(*Why);
      continue;
    }
    // Before a loop, a condition reading memory might be evaluated where
    // the original never reads it (the loop may run no iteration).
    if (R.BeforeLoop && conditionsReadMemory(Child)) {
      Refuse("its condition reads memory, and the round sits before the "
             "loop at " + S.loc(R.BeforeLoop->getBeginLoc()));
      continue;
    }
    R.Members.push_back(Child);
    layoutPaths(R);
    addNested(S, R, unsigned(R.Members.size() - 1), Past, NotJoined);
  }
}

void addNestedMembers(PlannerState &S, RemapRound &R, unsigned M,
                      llvm::DenseMap<const Stmt *, std::string> &NotJoined) {
  // A round before a loop evaluates the conditions before all of it.
  addNested(S, R, M,
            R.BeforeLoop ? std::vector<const Stmt *>{R.BeforeLoop}
                         : between(S, R.Branch, R.Members[M].Branch),
            NotJoined);
}

std::optional<std::string> joinBlocker(PlannerState &S, const RemapRound &R,
                                       const Stmt *B) {
  const Stmt *Block = S.PM.getParent(R.Branch);
  if (!isa_and_nonnull<CompoundStmt>(Block) || S.PM.getParent(B) != Block)
    return std::string("it is not in the same block as the branch at ") +
           S.loc(R.Branch->getBeginLoc());
  if (forcesHeadOrTail(S, R.Branch))
    return std::string("Head-or-Tail (forced) handles two paths only");
  if (standsAlone(S, B))
    return std::string("its '#pragma tdr' gives it a round of its own");
  // Two two-path rounds of Head-or-Tail ran faster on an H200 than one DGI
  // round over their four paths (docs/benchmarks.md): a branch only joins a
  // round that is DGI anyway.
  if (R.Paths == 2 && !forcesDgi(S, R.Branch))
    return std::string("two Head-or-Tail rounds cost less than one DGI round "
                       "over their combined paths");
  PathMember M;
  if (auto Why = makeMember(S, B, M))
    return Why;
  if (isa<SwitchStmt>(B) && hasSwitch(R))
    return std::string("the round already evaluates a switch");
  if (pathsWith(R, M) > MaxPaths)
    return "the round would have more than " + std::to_string(MaxPaths) +
           " paths";
  if (auto Why = hoistBlocker(S, M, between(S, R.Branch, B)))
    return "it cannot share the round of the branch at " +
           S.loc(R.Branch->getBeginLoc()) + ": " + *Why;
  return std::nullopt;
}

} // namespace tdrc
