//===- PoolPlanner.cpp - Where a kernel's work is a loop of varying length -===//
//
// The planner looks for one loop at the top level of the kernel body (or of
// the guard block that ends it) whose trip count differs between
// work-items (its condition, or a jump out of it, depends on the
// work-item), checks that items are independent
// (PoolLegality.cpp) and that the statements around the loop can become the
// preparation and settlement of a state machine: their declarations move
// to the top of the kernel, their returns drop the item, the loop's breaks
// and returns end its iterations.  Anything else leaves the kernel as it
// was, with the reason in --explain.
//
//===----------------------------------------------------------------------===//
#include "PoolPlan.h"
#include "tdrc/TDR/Assignable.h"
#include "tdrc/TDR/Directives.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemorySpace.h"
#include "tdrc/TDR/PathShapes.h"
#include "tdrc/TDR/Transform.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace tdrc {

namespace {

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt>(S); }

/// Every use of array V in Body loads an element (`w[i]`, `m[i][j]`) or
/// takes its size: a table that no item changes, so one copy made before
/// the pool's loop serves every item.
bool onlyLoaded(const ParentMap &PM, const VarDecl *V, const Stmt *Body) {
  struct Uses : RecursiveASTVisitor<Uses> {
    const ParentMap &PM;
    const VarDecl *V;
    bool Ok = true;
    Uses(const ParentMap &PM, const VarDecl *V) : PM(PM), V(V) {}
    const Stmt *parent(const Stmt *S) {
      return PM.getParentIgnoreParens(const_cast<Stmt *>(S));
    }
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      if (R->getDecl() != V)
        return true;
      const Stmt *At = R;
      const Stmt *Up = parent(At);
      if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(Up)) // sizeof
        return true;
      // Decay and index, once per dimension, then the load.
      for (bool Indexed = false;; Indexed = true) {
        const auto *Decay = dyn_cast_or_null<ImplicitCastExpr>(Up);
        const auto *Sub = Decay && Decay->getCastKind() == CK_ArrayToPointerDecay
                              ? dyn_cast_or_null<ArraySubscriptExpr>(parent(Decay))
                              : nullptr;
        if (!Sub || Sub->getBase()->IgnoreParens() != Decay) {
          const auto *Load = dyn_cast_or_null<ImplicitCastExpr>(Up);
          Ok &= Indexed && Load && Load->getCastKind() == CK_LValueToRValue;
          return Ok;
        }
        At = Sub;
        Up = parent(At);
      }
    }
  } U(PM, V);
  U.TraverseStmt(const_cast<Stmt *>(Body));
  return U.Ok;
}

/// The trip count of loop S differs between the work-items of a group.
/// Under a guard on IDs, the guard's own class reaches every variable
/// assigned under it (control dependence), which would make a counted loop
/// look varying: there the loop is judged by GuardTD, the analysis that
/// reads the guard as an early return (an escape-time loop from the pixel's
/// coordinates varies, `for (k = 0; k < 16; ++k)` does not).
bool varies(KernelAnalyses &A, const Stmt *S, ThreadDependence *GuardTD) {
  // A thread-dependent continue leaves the trip count as it is: no pool.
  Dep D = std::max(A.condDep(S), A.TD.loopExitDep(S));
  if (!GuardTD || D == Dep::Data)
    return D != Dep::Uniform;
  const Expr *C = condOf(S);
  Dep G = C ? GuardTD->exprDep(C).Level : Dep::Uniform;
  return std::max(G, GuardTD->loopExitDep(S)) != Dep::Uniform;
}

class ShapePlanner {
public:
  ShapePlanner(KernelAnalyses &A, PoolPlan &P) : A(A), P(P) {}

  std::optional<std::string> plan();

private:
  std::optional<std::string> hoist(const DeclStmt *DS, bool MayMoveWhole);
  /// Returns of the part around the loop: each drops its item; one inside
  /// a loop of its own cannot (its `continue` would bind there).
  std::optional<std::string> aroundJumps(const Stmt *S, bool InLoop);
  /// Jumps of the loop's body that leave or end the loop.
  std::optional<std::string> loopJumps(const Stmt *S, bool InSwitch,
                                       bool InLoop);
  std::optional<std::string> checkNames();
  /// The varying loop at the top level of S, if any (Loop, LoopIndex); a
  /// second one is a reason.
  std::optional<std::string> findLoop(const CompoundStmt *S,
                                      ThreadDependence *GuardTD = nullptr);

  KernelAnalyses &A;
  PoolPlan &P;
  llvm::StringSet<> Names;
};

std::optional<std::string> ShapePlanner::hoist(const DeclStmt *DS,
                                                bool MayMoveWhole) {
  bool AllConst = true;
  const VarDecl *TableVar = nullptr;
  for (const Decl *D : DS->decls()) {
    auto *V = dyn_cast<VarDecl>(D);
    if (!V)
      return "the declaration at " + A.loc(D->getLocation()) +
             " declares something other than a variable";
    if (!V->hasLocalStorage() || !isThreadPrivateVar(V))
      return "'" + V->getNameAsString() + "' at " + A.loc(V->getLocation()) +
             " is not a private variable";
    if (V->getType()->isReferenceType())
      return "'" + V->getNameAsString() + "' at " + A.loc(V->getLocation()) +
             " is a reference, which cannot be declared before its value";
    if (auto Why = whyNotAssignable(V->getType()))
      return "'" + V->getNameAsString() + "' at " + A.loc(V->getLocation()) +
             " " + *Why;
    const Expr *Init = V->getInit();
    // The declaration moves up without its initialiser, which becomes an
    // assignment: only `T v = e;` can (not `T v(e)`, `T v{e}`, a class
    // with a constructor of its own).
    if (Init && V->getInitStyle() != VarDecl::CInit)
      return "'" + V->getNameAsString() + "' at " + A.loc(V->getLocation()) +
             " is initialised with parentheses or braces";
    if (const CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl();
        RD && RD->hasDefinition() && !RD->isTrivial())
      return "'" + V->getNameAsString() + "' at " + A.loc(V->getLocation()) +
             " has a class type with constructors or a destructor of its own";
    // An initialised array cannot be assigned per item; a read-only table
    // of constants moves up whole.
    bool Table = Init && V->getType()->isArrayType();
    if (Table && !(MayMoveWhole && Init->isConstantInitializer(A.Ctx, false) &&
                   onlyLoaded(A.PM, V, A.Body)))
      return "the array '" + V->getNameAsString() + "' at " +
             A.loc(V->getLocation()) +
             " has an initialiser and is not a table of constants that the "
             "kernel only reads (which would move up whole)";
    if (Table)
      TableVar = V;
    if (!Names.insert(V->getName()).second)
      return "two variables named '" + V->getNameAsString() +
             "' would move to the top of the kernel";
    bool Constant = Table || (V->getType().isConstQualified() &&
                              V->getType()->isIntegerType() && Init &&
                              Init->isIntegerConstantExpr(A.Ctx));
    AllConst &= Constant;
  }
  if (TableVar && !AllConst)
    return "the array '" + TableVar->getNameAsString() + "' at " +
           A.loc(TableVar->getLocation()) +
           " shares its declaration with a variable that must be assigned "
           "per item";
  (AllConst && MayMoveWhole ? P.MovedWhole : P.Hoisted).push_back(DS);
  return std::nullopt;
}

std::optional<std::string> ShapePlanner::aroundJumps(const Stmt *S,
                                                     bool InLoop) {
  if (!S)
    return std::nullopt;
  if (auto *R = dyn_cast<ReturnStmt>(S)) {
    if (InLoop)
      return "the return at " + A.loc(R->getReturnLoc()) +
             " leaves a loop of its own";
    P.Jumps.push_back({R, PoolJump::DropItem});
    return std::nullopt;
  }
  for (const Stmt *C : S->children())
    if (auto Why = aroundJumps(C, InLoop || isLoop(S)))
      return Why;
  return std::nullopt;
}

std::optional<std::string> ShapePlanner::loopJumps(const Stmt *S,
                                                   bool InSwitch,
                                                   bool InLoop) {
  if (!S)
    return std::nullopt;
  auto Inside = [&](const char *What, SourceLocation L) {
    return std::optional<std::string>(std::string("the ") + What + " at " +
                                      A.loc(L) + " leaves the loop from " +
                                      "inside a nested switch or loop");
  };
  if (auto *R = dyn_cast<ReturnStmt>(S)) {
    if (InSwitch || InLoop)
      return Inside("return", R->getReturnLoc());
    P.Jumps.push_back({R, PoolJump::LoopReturn});
  } else if (auto *B = dyn_cast<BreakStmt>(S)) {
    if (InLoop || InSwitch)
      return std::nullopt; // binds to the inner statement
    P.Jumps.push_back({B, PoolJump::LoopBreak});
  } else if (isa<ContinueStmt>(S)) {
    P.LoopContinues |= !InLoop;
  }
  for (const Stmt *C : S->children())
    if (auto Why = loopJumps(C, InSwitch || isa<SwitchStmt>(S),
                             InLoop || isLoop(S)))
      return Why;
  return std::nullopt;
}

/// A hoisted variable must not capture a name that, before its
/// declaration, meant something else (a program-scope variable).
std::optional<std::string> ShapePlanner::checkNames() {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::StringSet<> &Names;
    KernelAnalyses &A;
    std::optional<std::string> Why;
    Finder(llvm::StringSet<> &N, KernelAnalyses &A) : Names(N), A(A) {}
    bool VisitDeclRefExpr(DeclRefExpr *DR) {
      auto *V = dyn_cast<VarDecl>(DR->getDecl());
      if (V && !V->hasLocalStorage() && Names.count(V->getName()))
        Why = "'" + V->getNameAsString() + "' at " +
              A.loc(DR->getBeginLoc()) + " names a variable outside the " +
              "kernel that a local of the same name would hide";
      return !Why;
    }
  } F(Names, A);
  F.TraverseStmt(const_cast<CompoundStmt *>(A.Body));
  return F.Why;
}

std::optional<std::string> ShapePlanner::findLoop(const CompoundStmt *S,
                                                  ThreadDependence *GuardTD) {
  unsigned I = 0;
  for (const Stmt *C : S->body()) {
    // A hint (`#pragma unroll`, an attribute) would end up on the pool's
    // loop instead of the item's.
    if (auto *AS = dyn_cast<AttributedStmt>(C);
        AS && isLoop(AS->getSubStmt()) &&
        varies(A, AS->getSubStmt(), GuardTD)) {
      if (!P.Loop)
        P.Loop = AS->getSubStmt(); // the explanation's place
      return "the loop at " + A.loc(AS->getSubStmt()->getBeginLoc()) +
             " carries a loop hint (#pragma unroll or an attribute), which "
             "would apply to the pool's loop";
    }
    if (isLoop(C) && varies(A, C, GuardTD)) {
      if (P.Loop)
        return "a second loop whose trip count varies by work-item, at " +
               A.loc(C->getBeginLoc());
      P.Loop = C;
      P.LoopIndex = I;
      P.Scope = S;
    }
    ++I;
  }
  return std::nullopt;
}

std::optional<std::string> ShapePlanner::plan() {
  if (auto Why = findLoop(A.Body))
    return Why;
  // Real kernels often wrap their work in a bounds check instead of
  // returning early: such a guard ends the item where it fails.
  const IfStmt *G = P.Loop ? nullptr : trailingGuardBlock(A.Body);
  if (G && A.condDep(G) != Dep::Data) {
    ThreadDependence GuardTD(A.Ctx, A.Kernel);
    GuardTD.setTransparentGuard(G);
    GuardTD.run();
    if (auto Why = findLoop(cast<CompoundStmt>(G->getThen()), &GuardTD))
      return Why;
    if (P.Loop)
      P.Guard = G;
  }
  if (!P.Loop)
    return std::string("no loop at the top level of the kernel body or of "
                       "a guard block ending it");
  if (auto Why = checkItemsIndependent(A, P, /*Redirect=*/true,
                                      /*CloneHelpers=*/true))
    return Why;
  if (P.Ids.empty() && P.Helpers.empty())
    return std::string("the kernel reads no work-item ID");
  if (!A.spelledInFile(A.Body) || !A.spelledInFile(P.Loop) ||
      (P.Guard && !A.spelledInFile(P.Guard)))
    return std::string("the kernel body, the loop or its guard is spelled "
                       "inside a macro");
  // The preparation: the statements before the guard and those before the
  // loop; the settlement: those after it, then after the guard.
  std::vector<const Stmt *> Before, After;
  llvm::ArrayRef<Stmt *> Body(A.Body->body_begin(), A.Body->body_end());
  llvm::ArrayRef<Stmt *> Scope(P.Scope->body_begin(), P.Scope->body_end());
  auto GuardAt = llvm::find(Body, P.Guard);
  if (P.Guard)
    Before.assign(Body.begin(), GuardAt);
  Before.insert(Before.end(), Scope.begin(), Scope.begin() + P.LoopIndex);
  After.assign(Scope.begin() + P.LoopIndex + 1, Scope.end());
  if (P.Guard)
    After.insert(After.end(), GuardAt + 1, Body.end());
  for (const Stmt *S : Before) {
    if (auto *DS = dyn_cast<DeclStmt>(S))
      if (auto Why = hoist(DS, true))
        return Why;
    if (auto Why = aroundJumps(S, false))
      return Why;
  }
  for (const Stmt *S : After) {
    if (auto *R = dyn_cast<ReturnStmt>(S); R && S == Body.back()) {
      P.TrailingReturn = R;
      continue;
    }
    if (auto Why = aroundJumps(S, false))
      return Why;
  }
  const Stmt *LoopBody = nullptr;
  if (auto *F = dyn_cast<ForStmt>(P.Loop)) {
    if (F->getConditionVariable())
      return std::string("the loop declares a variable in its condition");
    if (auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
      if (auto Why = hoist(DS, false))
        return Why;
    LoopBody = F->getBody();
  } else if (auto *W = dyn_cast<WhileStmt>(P.Loop)) {
    if (W->getConditionVariable())
      return std::string("the loop declares a variable in its condition");
    LoopBody = W->getBody();
  } else {
    LoopBody = cast<DoStmt>(P.Loop)->getBody();
  }
  if (auto Why = loopJumps(LoopBody, false, false))
    return Why;
  return checkNames();
}

} // namespace

PoolPlan planWorkPool(KernelAnalyses &A, const TransformOptions &O) {
  PoolPlan P;
  P.Kernel = A.Kernel;
  P.Body = P.Scope = A.Body;
  ShapePlanner SP(A, P);
  std::optional<std::string> Why = SP.plan();
  // A loop nested in other statements says nothing: a constant loop under
  // a divergent branch counts as varying too (control dependence), and
  // the remap transform explains those branches already.
  const Stmt *Loop = P.Loop;
  if (!Loop)
    return P;
  Explanation E;
  E.Loc = Loop->getBeginLoc();
  E.Kind = "loop";
  Dep D = std::max(A.condDep(Loop), A.TD.loopExitDep(Loop));
  E.Divergence = D == Dep::Data ? "data" : "thread-id";
  E.Cause = "its trip count varies by " + std::string(A.Ctx.getLangOpts().CUDA
                                                          ? "thread"
                                                          : "work-item");
  const BranchDirective *Dir =
      O.Directives ? O.Directives->forBranch(Loop) : nullptr;
  if (Dir && Dir->Skip)
    Why = "'#pragma tdr skip' at " + A.loc(Dir->Loc);
  else if (Dir && !Dir->allows("dwa"))
    for (const auto &[Name, On] : Dir->Transforms)
      if (On)
        Why = "reserved for the transform '" + Name + "'";
  // `#pragma tdr target` asks for the pool whatever the launch would say.
  if (!Why && !O.KeepOriginal && !O.Force && !(Dir && Dir->Target))
    Why = "with --keep-original=false nothing would check at launch that "
          "the pool pays (--force applies it)";
  if (Why) {
    P.Reason = *Why;
    E.Reason = *Why;
    E.Text = "loop (dynamic work assignment): " + *Why;
  } else {
    P.Changes = true;
    E.Remapped = true;
    E.Text = "loop: dynamic work assignment (a pool of the items of "
             "TDR_POOL_GROUPS work-groups per work-group, " +
             std::to_string(P.Hoisted.size()) +
             " declaration(s) moved to the top" +
             (P.Guard ? "; the guard at " + A.loc(P.Guard->getIfLoc()) +
                            " ends an item where it fails"
                      : std::string()) +
             ")";
  }
  P.Explain.push_back(std::move(E));
  return P;
}

} // namespace tdrc
