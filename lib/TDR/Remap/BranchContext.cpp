//===- BranchContext.cpp - Can every work-item reach the remap point? ------===//
//
// A remap is a work-group barrier, so every work-item must reach it.  This
// file decides, for a divergent branch, whether they all do (AllThreads), or
// whether the branch sits in a region that only "active" work-items enter --
// a bounds guard or the rest of the kernel after an early return -- which the
// emitter splits so that inactive work-items join the remap as a group of
// their own.
//
//===----------------------------------------------------------------------===//
#include "PlannerImpl.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace tdrc {

namespace {

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt>(S); }

/// `if (c) return;` or `if (c) { ...; return; }` with no other jump inside.
const ReturnStmt *earlyReturnOf(const Stmt *S) {
  auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return nullptr;
  const Stmt *Then = If->getThen();
  const ReturnStmt *R = dyn_cast<ReturnStmt>(Then);
  if (auto *CS = dyn_cast<CompoundStmt>(Then); CS && !CS->body_empty())
    R = dyn_cast<ReturnStmt>(CS->body_back());
  if (!R || R->getRetValue() || R->getBeginLoc().isMacroID() ||
      If->getBeginLoc().isMacroID() || If->getEndLoc().isMacroID())
    return nullptr;
  std::vector<const ReturnStmt *> Rets;
  std::vector<const BreakStmt *> Breaks;
  std::vector<const ContinueStmt *> Conts;
  collect(Then, Rets);
  collect(Then, Breaks);
  collect(Then, Conts);
  if (Rets.size() != 1 || !Breaks.empty() || !Conts.empty())
    return nullptr;
  return R;
}

/// Whether a type or initialiser names something the kernel declares (a
/// local constant as an array size, a local typedef): text that means
/// something else, or nothing, at the kernel's start.
class LocalNameFinder : public RecursiveASTVisitor<LocalNameFinder> {
public:
  bool Found = false;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    return note(E->getDecl());
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    return note(TL.getTypePtr()->getDecl()); // TypeLoc accessors differ by LLVM version
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return note(TL.getDecl()); }
  bool VisitCallExpr(CallExpr *) { return !(Found = true); }

private:
  bool note(const Decl *D) {
    Found |= D && D->getDeclContext()->isFunctionOrMethod();
    return !Found;
  }
};

/// Whether every variable DS declares lives in local/shared (or constant)
/// memory; nullopt when none does (a mix is false).
std::optional<bool> declaresStaticStorage(const DeclStmt *DS) {
  bool Any = false, All = true;
  for (const Decl *D : DS->decls()) {
    auto *V = dyn_cast<VarDecl>(D);
    bool Static =
        V && !isThreadPrivateVar(V) && !V->getType()->isReferenceType();
    Any |= Static;
    All &= Static;
  }
  return Any ? std::optional<bool>(All) : std::nullopt;
}

/// Why a declaration of local/shared memory cannot move, as written, to the
/// kernel body's start, or nothing: it needs an initialiser that is
/// constant (or none), nothing the kernel declares in its text, and names
/// that capture nothing there.
std::optional<std::string> kernelTopBlocker(PlannerState &S,
                                            const DeclStmt *DS) {
  std::vector<const DeclRefExpr *> Refs;
  std::vector<const DeclStmt *> Decls;
  collect(S.Body, Refs);
  collect(S.Body, Decls);
  for (const Decl *D : DS->decls()) {
    auto *V = cast<VarDecl>(D);
    std::string Head = "the local memory '" + V->getNameAsString() +
                       "' (" + S.loc(V->getLocation()) +
                       ") would have to move to the kernel's start, but ";
    if (V->hasInit() && !V->getInit()->isConstantInitializer(S.Ctx, false))
      return Head + "its initialiser is not constant";
    LocalNameFinder F;
    F.TraverseDecl(const_cast<VarDecl *>(V));
    if (F.Found)
      return Head + "its type or initialiser names something the kernel "
                    "declares";
    for (const ParmVarDecl *P : S.Kernel->parameters())
      if (P->getDeclName() == V->getDeclName())
        return Head + "a parameter has its name";
    for (const DeclStmt *O : Decls)
      for (const Decl *OD : O->decls())
        if (auto *ND = dyn_cast<NamedDecl>(OD);
            ND && ND != V && ND->getDeclName() == V->getDeclName())
          return Head + "the kernel declares another '" +
                 V->getNameAsString() + "' at " + S.loc(ND->getLocation());
    for (const DeclRefExpr *Ref : Refs)
      if (Ref->getDecl() != V &&
          Ref->getDecl()->getDeclName() == V->getDeclName())
        return Head + "it would capture the other '" + V->getNameAsString() +
               "' used at " + S.loc(Ref->getBeginLoc());
  }
  return std::nullopt;
}

} // namespace

/// The join of the conditions that control whether S executes.
static Dep controlDep(PlannerState &S, const Stmt *Node) {
  Dep D = Dep::Uniform;
  for (const Stmt *P = S.PM.getParent(Node); P && P != S.Body;
       P = S.PM.getParent(P)) {
    if (isa<IfStmt, SwitchStmt>(P) || isLoop(P))
      D = std::max(D, S.condDep(P));
    if (isLoop(P) || isa<SwitchStmt>(P))
      D = std::max(D, S.TD.loopJumpDep(P));
  }
  return D;
}

static int regionFor(PlannerState &S, RegionKind Kind, const IfStmt *Guard,
                     const CompoundStmt *Body) {
  for (unsigned I = 0; I < S.Plan.Regions.size(); ++I)
    if (S.Plan.Regions[I].Body == Body)
      return int(I);
  ActiveRegion R;
  R.Kind = Kind;
  R.Guard = Guard;
  R.Body = Body;
  S.Plan.Regions.push_back(R);
  return int(S.Plan.Regions.size() - 1);
}

// A bounds guard stands directly in the kernel body, or directly in the
// braced body of uniform loops there (a grid-stride loop written as
// `for (base = ...; base < n; base += stride) { i = base + lid; if (i < n)
// {...} }`): every work-item meets the guard's statement, and the loops'
// headers are checked like any loop around a branch (placeBranch).
static bool guardLevel(PlannerState &S, const IfStmt *If) {
  const Stmt *P = S.PM.getParent(If);
  while (P != S.Body) {
    const Stmt *Loop = P ? S.PM.getParent(P) : nullptr;
    if (!isa_and_nonnull<CompoundStmt>(P) ||
        !isa_and_nonnull<ForStmt, WhileStmt>(Loop))
      return false;
    P = S.PM.getParent(Loop);
  }
  return true;
}

std::optional<std::string> placeBranch(PlannerState &S, const Stmt *Branch,
                                       int &Region) {
  const Stmt *Parent = S.PM.getParent(Branch);
  const IfStmt *Guard = nullptr;
  for (const Stmt *Child = Branch, *P = Parent; P && P != S.Body;
       Child = P, P = S.PM.getParent(P)) {
    if (isa<CompoundStmt, CaseStmt, DefaultStmt>(P))
      continue;
    Dep D = (isa<IfStmt, SwitchStmt>(P) || isLoop(P)) ? S.condDep(P)
                                                      : Dep::Data;
    if (auto *If = dyn_cast<IfStmt>(P)) {
      // Uniform, or the same for every work-item under the guard (thread
      // dependence counts an if in a guard as varying: the guard controls
      // it); uniformNest checks it again.
      if (D == Dep::Uniform || headerSameForAll(S, If))
        continue;
      // The guard's braced body holds the branch, directly or in uniform
      // ifs and loops (checked below).
      bool DirectGuard = D == Dep::ThreadId && !If->getElse() &&
                         If->getThen() == Child && isa<CompoundStmt>(Child) &&
                         guardLevel(S, If) && !If->getInit() &&
                         !If->getConditionVariable() &&
                         !If->getBeginLoc().isMacroID() &&
                         S.spelledInFile(If->getCond());
      if (!DirectGuard)
        return std::string(D == Dep::Data ? "nested inside the divergent "
                                            "branch at "
                                          : "inside the thread-dependent "
                                            "branch at ") +
               S.loc(If->getBeginLoc()) +
               (D == Dep::Data ? "" : "; only a bounds guard `if (...) {...}` "
                                      "written directly in the kernel body "
                                      "(or in the body of uniform loops "
                                      "there) and directly around the "
                                      "branch is supported");
      Guard = If;
      continue;
    }
    if (isLoop(P)) {
      if (D != Dep::Uniform && !headerSameForAll(S, P))
        return "inside a loop whose trip count varies by work-item (loop at " +
               S.loc(P->getBeginLoc()) + ")";
      if (S.TD.loopJumpDep(P) != Dep::Uniform)
        return "inside a loop with a thread-dependent break, continue or "
               "return (loop at " +
               S.loc(P->getBeginLoc()) + ")";
      continue;
    }
    if (isa<SwitchStmt>(P)) {
      if (D != Dep::Uniform)
        return "inside the divergent switch at " + S.loc(P->getBeginLoc());
      if (S.TD.loopJumpDep(P) != Dep::Uniform)
        return "inside the switch at " + S.loc(P->getBeginLoc()) +
               ", whose cases a thread-dependent break cuts short";
      continue;
    }
    return std::string("inside an unsupported statement (") +
           P->getStmtClassName() + ") at " + S.loc(P->getBeginLoc());
  }

  // Returns that some work-items take before the branch would leave the
  // others waiting at the remap barrier, unless they are early returns that
  // the emitter turns into the active predicate.
  std::vector<const ReturnStmt *> Rets;
  collect(S.Body, Rets);
  const IfStmt *FirstEarlyReturn = nullptr;
  const auto *RegionBody =
      cast<CompoundStmt>(Guard ? Guard->getThen() : S.Body);
  auto BeforeBranch = [&](const ReturnStmt *R) {
    return S.before(R->getBeginLoc(), Branch->getBeginLoc()) &&
           !S.contains(Branch, R);
  };
  // Where work-items may start to go inactive: the guard, or the first
  // return before the branch.  A branch nested in uniform ifs and loops of
  // the region needs the segments cut around them (UniformNest.cpp).
  SourceLocation StartLoc = Guard ? Guard->getBeginLoc() : Branch->getBeginLoc();
  for (const ReturnStmt *R : Rets)
    if (!Guard && BeforeBranch(R) && S.before(R->getBeginLoc(), StartLoc))
      StartLoc = R->getBeginLoc();
  std::vector<const Stmt *> Nest;
  std::optional<std::string> NestWhy =
      uniformNest(S, Branch, RegionBody, StartLoc, Nest);
  if (Guard && NestWhy)
    return "inside the thread-dependent branch at " +
           S.loc(Guard->getBeginLoc()) +
           "; only a bounds guard `if (...) {...}` written directly in the "
           "kernel body (or in the body of uniform loops there) is "
           "supported, directly around the branch or around "
           "uniform ifs and loops that hold it (" + *NestWhy + ")";
  // The `if (...) { ...; return; }` directly in the region body that the
  // emitter can turn into `tdr_active = 0` (null if R is not one).
  auto ConvertibleIf = [&](const ReturnStmt *R) -> const IfStmt * {
    const Stmt *Owner = S.PM.getParent(R);
    if (Owner && isa<CompoundStmt>(Owner))
      Owner = S.PM.getParent(Owner);
    if (Owner && earlyReturnOf(Owner) == R &&
        S.PM.getParent(Owner) == RegionBody)
      return cast<IfStmt>(Owner);
    return nullptr;
  };
  for (const ReturnStmt *R : Rets) {
    if (!BeforeBranch(R) || controlDep(S, R) == Dep::Uniform)
      continue;
    const IfStmt *Owner = ConvertibleIf(R);
    if (!Owner || NestWhy)
      return "the thread-dependent return at " + S.loc(R->getBeginLoc()) +
             " may skip the remap barrier" +
             (Owner ? " (the branch cannot be reached by every work-item: " +
                          *NestWhy + ")"
                    : "");
    if (!FirstEarlyReturn ||
        S.before(Owner->getBeginLoc(), FirstEarlyReturn->getBeginLoc()))
      FirstEarlyReturn = Owner;
  }

  // A uniform return that comes after some work-items went inactive (inside
  // the guard, or after the first converted return) is not uniform any more:
  // the inactive ones skip it and would wait alone at the remap barrier
  // (found by the random generator: g2211_3547). It is converted like the
  // others, so it must have their form.
  for (const ReturnStmt *R : Rets) {
    if (!BeforeBranch(R) || controlDep(S, R) != Dep::Uniform)
      continue;
    bool AfterInactive =
        (Guard && S.contains(Guard->getThen(), R)) ||
        (FirstEarlyReturn &&
         S.before(FirstEarlyReturn->getEndLoc(), R->getBeginLoc()));
    if (AfterInactive && (!ConvertibleIf(R) || NestWhy))
      return "the return at " + S.loc(R->getBeginLoc()) +
             " is uniform, but work-items made inactive before it skip it "
             "and may wait alone at the remap barrier";
  }

  Region = -1;
  if (Guard)
    Region = regionFor(S, RegionKind::Guard, Guard,
                       cast<CompoundStmt>(Guard->getThen()));
  else if (FirstEarlyReturn) {
    Region = regionFor(S, RegionKind::EarlyReturn, nullptr, S.Body);
    S.Plan.Regions[Region].Start = FirstEarlyReturn;
  }
  if (Region >= 0)
    for (const Stmt *N : Nest)
      if (!llvm::is_contained(S.Plan.Regions[Region].Nest, N))
        S.Plan.Regions[Region].Nest.push_back(N);
  return std::nullopt;
}

bool needsGlobalFence(PlannerState &S, const RemapRound &R,
                      const std::vector<const Expr *> &EarlyConds) {
  const Stmt *Branch = R.at();
  // In an enclosing loop, everything in the loop is both before and after.
  auto InLoop = [&](const Stmt *X) {
    for (const Stmt *P = S.PM.getParent(Branch); P; P = S.PM.getParent(P))
      if (isLoop(P) && S.contains(P, X))
        return true;
    return false;
  };
  // The round evaluates its members' conditions before the hand-over
  // barrier: what they access is accessed before the remap, although it is
  // spelled inside the branch (`if (mask[i]) { mask[i] = 0; }`).
  auto InCondition = [&](const Stmt *X) {
    for (const Expr *C : EarlyConds)
      if (S.contains(C, X))
        return true;
    return false;
  };
  auto Before = [&](const Stmt *X) {
    return (S.before(X->getBeginLoc(), Branch->getBeginLoc()) &&
            !S.contains(Branch, X)) ||
           InLoop(X) || InCondition(X);
  };
  auto After = [&](const Stmt *X) {
    return !Before(X) || InLoop(X) || InCondition(X);
  };
  bool AccessBefore = false, WriteAfter = false;
  for (const Stmt *W : S.GlobalWrites) {
    if (Before(W))
      return true; // written by one work-item, maybe read by the other
    WriteAfter |= After(W);
  }
  for (const Stmt *A : S.GlobalAccesses)
    AccessBefore |= Before(A);
  return AccessBefore && WriteAfter;
}

bool declaredInRegion(PlannerState &S, const VarDecl *V, int Region) {
  if (Region < 0)
    return false;
  const ActiveRegion &R = S.Plan.Regions[Region];
  SourceRange BR = R.Body->getSourceRange();
  SourceLocation L = V->getLocation();
  if (S.before(L, BR.getBegin()) || S.before(BR.getEnd(), L))
    return false;
  return !R.Start || S.before(R.Start->getBeginLoc(), L);
}

std::optional<std::string> finishRegion(PlannerState &S, unsigned Index) {
  ActiveRegion &R = S.Plan.Regions[Index];
  std::vector<const RemapRound *> Rounds;
  for (const RemapRound &RR : S.Plan.Rounds)
    if (RR.Region == int(Index))
      Rounds.push_back(&RR);
  if (Rounds.empty())
    return std::nullopt;
  // A round before a loop sits before rounds inside it that came first.
  SourceLocation Last = Rounds.front()->at()->getBeginLoc();
  for (const RemapRound *RR : Rounds)
    if (S.before(Last, RR->at()->getBeginLoc()))
      Last = RR->at()->getBeginLoc();

  // Early returns directly in the region body, before the last remap point,
  // become `tdr_active = 0` plus a split: thread-dependent ones, and uniform
  // ones that inactive work-items would skip (in a guard, or after the first
  // converted return).
  R.EarlyReturns.clear();
  for (const Stmt *C : R.Body->body())
    if (earlyReturnOf(C) && S.before(C->getBeginLoc(), Last) &&
        (controlDep(S, earlyReturnOf(C)) != Dep::Uniform ||
         R.Kind == RegionKind::Guard ||
         (R.Start && S.before(R.Start->getEndLoc(), C->getBeginLoc()))))
      R.EarlyReturns.push_back(cast<IfStmt>(C));

  // Split positions: after each converted early return (but the region's
  // start), after each round's condition, and before each loop a round
  // sits before.
  std::vector<SourceLocation> Splits;
  for (const IfStmt *ER : R.EarlyReturns)
    if (ER != R.Start)
      Splits.push_back(ER->getEndLoc());
  for (const RemapRound *RR : Rounds)
    Splits.push_back(RR->BeforeLoop ? RR->BeforeLoop->getBeginLoc()
                                    : condOf(RR->Branch)->getEndLoc());
  // Around each uniform if and loop of the nest, and inside its bodies, the
  // segments are closed and reopened: each is a split too.
  std::vector<const CompoundStmt *> Blocks = {R.Body};
  for (const Stmt *N : R.Nest) {
    Splits.push_back(N->getBeginLoc());
    Splits.push_back(N->getEndLoc());
    for (const CompoundStmt *C : nestArms(N)) {
      Splits.push_back(C->getLBracLoc());
      Splits.push_back(C->getRBracLoc());
      Blocks.push_back(C);
    }
  }
  auto SegmentOf = [&](SourceLocation L) {
    unsigned N = 0;
    for (SourceLocation Sp : Splits)
      N += !S.before(L, Sp) && L != Sp;
    return N;
  };

  std::vector<const DeclRefExpr *> Refs;
  collect(R.Body, Refs);
  llvm::DenseSet<const VarDecl *> Needed;
  for (const RemapRound *RR : Rounds)
    for (const LiveVar &LV : RR->Live)
      Needed.insert(LV.Var);

  R.Hoisted.clear();
  R.MovedToTop.clear();
  llvm::DenseSet<const VarDecl *> HoistedVars;
  std::vector<const Stmt *> Stmts;
  for (const CompoundStmt *B : Blocks)
    Stmts.insert(Stmts.end(), B->body_begin(), B->body_end());
  for (const Stmt *C : Stmts) {
    auto *DS = dyn_cast<DeclStmt>(C);
    if (!DS || (R.Start && S.before(DS->getBeginLoc(), R.Start->getEndLoc())))
      continue;
    unsigned Seg = SegmentOf(DS->getBeginLoc());
    // OpenCL allows local memory at kernel scope only, and the region's
    // code moves into blocks of its own: such a declaration always moves.
    std::optional<bool> Static = declaresStaticStorage(DS);
    bool Hoist = Static && S.Ctx.getLangOpts().OpenCL;
    for (const Decl *D : DS->decls())
      if (auto *V = dyn_cast<VarDecl>(D)) {
        Hoist |= Needed.count(V);
        for (const DeclRefExpr *Ref : Refs)
          Hoist |= Ref->getDecl() == V && SegmentOf(Ref->getBeginLoc()) > Seg;
      }
    if (!Hoist)
      continue;
    if (!S.spelledInFile(DS))
      return spelledInMacro("the declaration at " + S.loc(DS->getBeginLoc()) +
                            ", which must move out of the guarded block,");
    if (Static.value_or(false)) {
      if (std::optional<std::string> Why = kernelTopBlocker(S, DS))
        return Why;
      R.MovedToTop.push_back(DS);
      continue;
    }
    for (const Decl *D : DS->decls()) {
      auto *V = dyn_cast<VarDecl>(D);
      if (!V)
        return "the declaration at " + S.loc(DS->getBeginLoc()) +
               " must move out of the guarded block but is not a variable";
      if (!isThreadPrivateVar(V) || V->getType()->isReferenceType())
        return "the declaration of '" + V->getNameAsString() + "' at " +
               S.loc(V->getLocation()) +
               (V->getType()->isReferenceType()
                    ? " (a reference)"
                    : " (static storage, e.g. __shared__)") +
               " would have to move out of the guarded block";
      // An initialised array is filled in place from a copy of its
      // initialiser (RemapEmitter): one dimension, a known length.
      const ConstantArrayType *CAT =
          V->hasInit() ? S.Ctx.getAsConstantArrayType(V->getType()) : nullptr;
      if (V->hasInit() && V->getType()->isArrayType() &&
          (!CAT || CAT->getElementType()->isArrayType()))
        return "the initialised array '" + V->getNameAsString() + "' at " +
               S.loc(V->getLocation()) +
               " (not of one dimension and known length) would have to move "
               "out of the guarded block";
      HoistedVars.insert(V);
    }
    R.Hoisted.push_back(DS);
  }
  // Hoisted declarations must not capture a reference to another variable of
  // the same name (shadowing) anywhere in the region or its guard.
  std::vector<const DeclRefExpr *> AllRefs = Refs;
  if (R.Guard)
    collect(R.Guard->getCond(), AllRefs);
  for (const DeclRefExpr *Ref : AllRefs)
    for (const VarDecl *V : HoistedVars)
      if (Ref->getDecl() != V && Ref->getDecl()->getDeclName() ==
                                     V->getDeclName())
        return "moving '" + V->getNameAsString() + "' (" +
               S.loc(V->getLocation()) +
               ") out of the guarded block would capture the other '" +
               V->getNameAsString() + "' used at " +
               S.loc(Ref->getBeginLoc());
  return std::nullopt;
}

} // namespace tdrc
