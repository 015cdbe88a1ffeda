//===- UniformNest.cpp - Active segments cut around uniform ifs and loops --===//
//
// After an early return, or inside a bounds guard, only active work-items
// run the code; the emitter wraps it in `if (tdr_active) { ... }` segments
// and cuts them at each remap, where every work-item must meet.  A branch
// nested in uniform loops there (hashcat's rule loop `for (il_pos = 0;
// il_pos < IL_CNT; il_pos++) { ... }`) is reachable the same way: every
// work-item, inactive ones included, runs the uniform loops around it, and
// the segments are cut before and after each and reopened inside its
// braced body.  That is legal when the inactive ones take the same way
// through them: a header that reads only what every work-item holds alike,
// and no jump out of them.  A uniform if is cut at the round instead: the
// round stands outside it, between the arm's code before and after it.
//
//===----------------------------------------------------------------------===//
#include "PlannerImpl.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/Explanation.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace tdrc {

namespace {

// The variables the statements under Root assign (=, op=, ++, --) or whose
// address they take.
void writtenIn(const Stmt *Root, llvm::DenseSet<const VarDecl *> &Out) {
  if (!Root)
    return;
  auto Target = [&](const Expr *E) {
    if (auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        Out.insert(V);
  };
  if (auto *B = dyn_cast<BinaryOperator>(Root); B && B->isAssignmentOp())
    Target(B->getLHS());
  if (auto *U = dyn_cast<UnaryOperator>(Root);
      U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
    Target(U->getSubExpr());
  for (const Stmt *C : Root->children())
    writtenIn(C, Out);
}

// The braced bodies of N that the segments are reopened in.
std::vector<const CompoundStmt *> arms(const Stmt *N) {
  std::vector<const Stmt *> Bodies;
  if (auto *If = dyn_cast<IfStmt>(N))
    Bodies = {If->getThen(), If->getElse()};
  else if (auto *F = dyn_cast<ForStmt>(N))
    Bodies = {F->getBody()};
  else if (auto *W = dyn_cast<WhileStmt>(N))
    Bodies = {W->getBody()};
  else if (isa<CompoundStmt>(N))
    Bodies = {N}; // a bare block: reopened inside itself
  std::vector<const CompoundStmt *> Out;
  for (const Stmt *B : Bodies)
    if (auto *C = dyn_cast_or_null<CompoundStmt>(B))
      Out.push_back(C);
  return Out;
}

// Why an inactive work-item might not go through N's header as the active
// ones do, or none: it reads parameters the kernel never writes, constants,
// uniform variables every work-item set before StartLoc and never
// writes again, and a for's own counter that only its header changes, and
// calls nothing whose value differs between work-items.
std::optional<std::string> headerWhy(PlannerState &S, const Stmt *N,
                                     SourceLocation StartLoc) {
  std::vector<const Stmt *> Header;
  llvm::DenseSet<const VarDecl *> Own, InBody;
  const Stmt *Body = nullptr;
  if (auto *If = dyn_cast<IfStmt>(N)) {
    Header = {If->getCond()};
  } else if (auto *F = dyn_cast<ForStmt>(N)) {
    Header = {F->getInit(), F->getCond(), F->getInc()};
    Body = F->getBody();
    if (auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
      for (const Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D))
          Own.insert(V);
  } else {
    Header = {cast<WhileStmt>(N)->getCond()};
    Body = cast<WhileStmt>(N)->getBody();
  }
  writtenIn(Body, InBody);
  // The counters of the for loops around N that only their headers change
  // (`if ((k & 1) == 0)` in `for (int k = 0; k < n; ++k)`): the same in
  // every work-item that runs those loops as a nest does.
  llvm::DenseSet<const VarDecl *> Counters;
  for (const Stmt *P = S.PM.getParent(N); P; P = S.PM.getParent(P))
    if (auto *F = dyn_cast<ForStmt>(P))
      if (auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
        llvm::DenseSet<const VarDecl *> InLoop;
        writtenIn(F->getBody(), InLoop);
        for (const Decl *D : DS->decls())
          if (auto *V = dyn_cast<VarDecl>(D); V && !InLoop.count(V))
            Counters.insert(V);
      }
  std::vector<const DeclRefExpr *> Refs;
  std::vector<const CallExpr *> Calls;
  for (const Stmt *H : Header) {
    collect(H, Refs);
    collect(H, Calls);
  }
  // An ID query or a helper that reads one (a grid-stride loop's
  // `i = get_global_id(0)`, a step of `get_local_id(0) & 1`): the header
  // differs between work-items, its own counter too.
  for (const CallExpr *C : Calls)
    if (S.TD.exprDep(C).Level != Dep::Uniform)
      return "its header calls '" +
             (C->getDirectCallee() ? C->getDirectCallee()->getNameAsString()
                                   : std::string("a function")) +
             "' (" + S.loc(C->getBeginLoc()) +
             "), whose value differs between work-items";
  // CUDA's threadIdx is a constant global to Clang, but not the same in
  // every thread (blockIdx, blockDim, gridDim and warpSize are, in a block);
  // `threadIdx.x` hides its reference behind an opaque value.
  std::vector<const Expr *> Exprs;
  for (const Stmt *H : Header)
    collect(H, Exprs);
  for (const Expr *E : Exprs)
    if (CudaVarRef C = cudaBuiltinVar(E); C && C.Var == CudaVar::ThreadIdx)
      return "its header reads 'threadIdx' (" + S.loc(E->getBeginLoc()) +
             "), which differs between work-items";
  for (const DeclRefExpr *R : Refs) {
    if (cudaBuiltinVar(R))
      continue; // the same in a block
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (!V)
      continue; // functions, enumerators
    bool Same;
    if (isa<ParmVarDecl>(V))
      Same = !S.Written.count(V);
    else if (Own.count(V))
      Same = !InBody.count(V);
    else if (Counters.count(V))
      Same = true;
    else if (!V->isLocalVarDeclOrParm())
      Same = V->getType().isConstQualified();
    else // a local every work-item set alike before they may part
      Same = !S.Written.count(V) && S.before(V->getLocation(), StartLoc) &&
             S.TD.varDep(V).Level == Dep::Uniform;
    if (!Same)
      return "its header reads '" + V->getNameAsString() + "' (" +
             S.loc(R->getBeginLoc()) +
             "), which inactive work-items may not hold as the active ones do";
  }
  return std::nullopt;
}

// Why a jump leaves N (or its loop goes round again early), or none: a
// return anywhere in it, a break or continue whose target is N or outside.
std::optional<std::string> jumpWhy(PlannerState &S, const Stmt *N) {
  std::vector<const ReturnStmt *> Rets;
  collect(N, Rets);
  if (!Rets.empty())
    return "it holds the return at " + S.loc(Rets.front()->getBeginLoc());
  std::vector<const Stmt *> Jumps;
  std::vector<const BreakStmt *> Breaks;
  std::vector<const ContinueStmt *> Conts;
  collect(N, Breaks);
  collect(N, Conts);
  Jumps.insert(Jumps.end(), Breaks.begin(), Breaks.end());
  Jumps.insert(Jumps.end(), Conts.begin(), Conts.end());
  for (const Stmt *J : Jumps) {
    bool IsBreak = isa<BreakStmt>(J);
    const Stmt *P = S.PM.getParent(J);
    for (; P && P != N; P = S.PM.getParent(P))
      if (isa<ForStmt, WhileStmt, DoStmt>(P) || (IsBreak && isa<SwitchStmt>(P)))
        break;
    if (P == N || !P)
      return std::string("its ") + (IsBreak ? "break" : "continue") +
             " at " + S.loc(J->getBeginLoc()) + " leaves it";
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> uniformNest(PlannerState &S, const Stmt *Branch,
                                       const CompoundStmt *RegionBody,
                                       SourceLocation StartLoc,
                                       std::vector<const Stmt *> &Nest) {
  Nest.clear();
  const Stmt *LoopInside = nullptr;
  for (const Stmt *P = S.PM.getParent(Branch); P && P != RegionBody;
       P = S.PM.getParent(P)) {
    std::string Where = " at " + S.loc(P->getBeginLoc());
    if (isa<CompoundStmt>(P)) {
      // An arm of the if or loop above is handled with it; a bare block
      // (a statement macro's `{ ... }`) is cut around like a nest statement:
      // skipping it would close its brace instead of the segment's.
      if (!isa_and_nonnull<CompoundStmt>(S.PM.getParent(P)))
        continue;
      if (auto Why = jumpWhy(S, P))
        return "the block" + Where + ": " + *Why;
      Nest.push_back(P);
      continue;
    }
    if (!isa<IfStmt, ForStmt, WhileStmt>(P))
      return std::string("it sits in a ") +
             (isa<SwitchStmt, CaseStmt, DefaultStmt>(P) ? "switch"
                                                        : P->getStmtClassName()) +
             Where + ", which the active segments cannot be cut around";
    // A uniform if is cut at the round (cutRounds): PoCL 3.1, Debian 12's,
    // miscompiles a remap's barriers inside an if after work-items went
    // inactive (Oclgrind, NVIDIA's OpenCL and PoCL 5 do not).  A loop
    // between them cannot be cut: it would run for the arm not taken.
    if (isa<IfStmt>(P) && LoopInside)
      return "it sits in the loop at " + S.loc(LoopInside->getBeginLoc()) +
             " inside the uniform if" + Where +
             ", which cannot be cut at the remap (a loop between them)";
    if (isa<ForStmt, WhileStmt>(P))
      LoopInside = P;
    auto *If = dyn_cast<IfStmt>(P);
    auto *W = dyn_cast<WhileStmt>(P);
    if ((If && (If->getInit() || If->getConditionVariable() ||
                (If->getElse() && !isa<CompoundStmt>(If->getElse())))) ||
        (W && W->getConditionVariable()) ||
        arms(P).size() != (If && If->getElse() ? 2u : 1u))
      return "the enclosing statement" + Where +
             " needs braced bodies (and no declaration in its condition)";
    if (P->getBeginLoc().isMacroID() || P->getEndLoc().isMacroID() ||
        llvm::any_of(arms(P), [](const CompoundStmt *C) {
          return C->getLBracLoc().isMacroID() || C->getRBracLoc().isMacroID();
        }))
      return spelledInMacro("the enclosing statement" + Where);
    if (auto Why = headerWhy(S, P, StartLoc))
      return "the enclosing statement" + Where + ": " + *Why;
    if (auto Why = jumpWhy(S, P))
      return "the enclosing statement" + Where + ": " + *Why;
    Nest.push_back(P);
  }
  return std::nullopt;
}

std::vector<const CompoundStmt *> nestArms(const Stmt *N) { return arms(N); }

namespace {

// The condition of a cut if as C text for the kernel's start, where it
// reads only parameters the kernel never writes, enumerators and literals
// (an image module's `if (mode & LAST_SCALE)`); else none.
std::optional<std::string> launchCondition(PlannerState &S, const IfStmt *If) {
  const Expr *C = If->getCond();
  if (!S.spelledInFile(C))
    return std::nullopt;
  std::vector<const DeclRefExpr *> Refs;
  std::vector<const CallExpr *> Calls;
  collect(C, Refs);
  collect(C, Calls);
  if (!Calls.empty() || C->HasSideEffects(S.Ctx))
    return std::nullopt;
  for (const DeclRefExpr *R : Refs) {
    auto *P = dyn_cast<ParmVarDecl>(R->getDecl());
    if (!isa<EnumConstantDecl>(R->getDecl()) && (!P || S.Written.count(P)))
      return std::nullopt;
  }
  const SourceManager &SM = S.Ctx.getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(C->getSourceRange());
  StringRef Text = Lexer::getSourceText(Range, SM, S.Ctx.getLangOpts());
  if (Text.empty())
    return std::nullopt;
  return "(" + Text.str() + ")";
}

} // namespace

void cutRounds(PlannerState &S) {
  unsigned Flags = 0;
  llvm::DenseMap<const Stmt *, std::string> FlagOf;
  for (RemapRound &R : S.Plan.Rounds) {
    R.Cuts.clear();
    if (R.Region < 0)
      continue; // every work-item is active: a uniform if holds barriers
    const ActiveRegion &AR = S.Plan.Regions[unsigned(R.Region)];
    // Outward from the round to the first loop (uniformNest saw no if
    // beyond it): the ifs, and the blocks between them and the round.
    std::vector<NestCut> Chain;
    const Stmt *Child = R.at();
    for (const Stmt *P = S.PM.getParent(Child); P && P != AR.Body;
         Child = P, P = S.PM.getParent(P)) {
      if (isa<ForStmt, WhileStmt>(P))
        break;
      if (isa<CompoundStmt>(P) &&
          !isa_and_nonnull<CompoundStmt>(S.PM.getParent(P)))
        continue; // an arm, handled with its if
      NestCut C;
      C.S = P;
      if (auto *If = dyn_cast<IfStmt>(P)) {
        C.Else = If->getElse() == Child;
        auto [It, New] = FlagOf.try_emplace(If, "");
        if (New)
          It->second = "tdr_in" + std::to_string(++Flags);
        C.Flag = It->second;
      }
      Chain.push_back(C);
    }
    // Blocks outside the outermost if need no cut.
    while (!Chain.empty() && Chain.back().Flag.empty())
      Chain.pop_back();
    R.Cuts = std::move(Chain);
    // Where an if's arm is never taken at this launch, the round does
    // nothing but its barriers: its switch tests the if's condition too, so
    // that the original runs instead where no round is on (the model judged
    // the round as if the arm were taken).  Not under --force: the rewrite
    // always runs there.
    if (S.Opts.Force)
      continue;
    for (const NestCut &C : R.Cuts)
      if (!C.Flag.empty())
        if (auto Cond = launchCondition(S, cast<IfStmt>(C.S))) {
          std::string Term = C.Else ? "!" + *Cond : *Cond;
          R.PaysIf = R.PaysIf.empty() ? Term : "(" + R.PaysIf + ") && " + Term;
          R.LaunchIf += (R.LaunchIf.empty() ? "" : " && ") + Term;
        }
  }
}

bool headerSameForAll(PlannerState &S, const Stmt *N) {
  // Locals set before the statement count here; uniformNest checks them
  // again against where work-items may go inactive.
  return isa<ForStmt, WhileStmt, IfStmt>(N) &&
         !headerWhy(S, N, N->getBeginLoc());
}

} // namespace tdrc
