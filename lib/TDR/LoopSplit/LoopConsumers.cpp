//===- LoopConsumers.cpp - Use each loop's results before the next loop ---===//
//
// Split loops free registers only where a group's state is dead while the
// later loops run.  The code after the loop usually consumes every
// group's results at the end (`sums[i] = s; ranges[i] = lo;`), which
// would keep them all live to the end.  A statement after the loop (in
// its block) that reads the results of group g moves up right after g's
// loop when it is independent of every later loop and of each statement
// it passes (the footprints of LoopFootprint.cpp; it stops at the first
// statement it cannot analyse: a return, a barrier, a macro).  Statements
// keep their order among those moved to one loop.  A declaration they need
// that reads no group's results and that no loop touches moves up after
// the first loop.
//
//===----------------------------------------------------------------------===//
#include "LoopSplitPlan.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/SourceText.h"

using namespace clang;

namespace tdrc {

namespace {

void referencedVars(const Stmt *S, llvm::DenseSet<const VarDecl *> &Out) {
  if (!S)
    return;
  if (auto *DR = dyn_cast<DeclRefExpr>(S))
    if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      Out.insert(V);
  for (const Stmt *C : S->children())
    referencedVars(C, Out);
}

} // namespace

llvm::SetVector<const VarDecl *> groupState(KernelAnalyses &A,
                                            const std::vector<Footprint> &Fs,
                                            const SplitLoop &L,
                                            const std::vector<unsigned> &G) {
  llvm::SetVector<const VarDecl *> State;
  for (unsigned S : G)
    if (!L.Repeatable[S])
      for (const VarDecl *V : Fs[S].VarsWritten)
        if (A.before(V->getLocation(), L.For->getBeginLoc()))
          State.insert(V);
  return State;
}

unsigned stateWords(ASTContext &Ctx,
                    const llvm::SetVector<const VarDecl *> &Vars) {
  uint64_t Bits = 0;
  for (const VarDecl *V : Vars)
    if (!V->getType()->isIncompleteType() && !V->getType()->isDependentType())
      Bits += Ctx.getTypeSize(V->getType());
  return unsigned((Bits + 31) / 32);
}

void placeConsumers(FootprintScope &Scope, const std::vector<Footprint> &Fs,
                    SplitLoop &L) {
  KernelAnalyses &A = Scope.A;
  unsigned G = unsigned(L.Groups.size());
  // Each group's footprint, and the state it leaves (variables declared
  // before the loop that it writes).
  std::vector<Footprint> Group(G);
  std::vector<llvm::SetVector<const VarDecl *>> State(G);
  for (unsigned I = 0; I < G; ++I) {
    for (unsigned S : L.Groups[I]) {
      const Footprint &F = Fs[S];
      Group[I].VarsRead.insert(F.VarsRead.begin(), F.VarsRead.end());
      Group[I].VarsWritten.insert(F.VarsWritten.begin(), F.VarsWritten.end());
      Group[I].MemRead.insert(F.MemRead.begin(), F.MemRead.end());
      Group[I].MemWritten.insert(F.MemWritten.begin(), F.MemWritten.end());
    }
    State[I] = groupState(A, Fs, L, L.Groups[I]);
  }
  auto *Block = dyn_cast_or_null<CompoundStmt>(A.PM.getParent(L.For));
  std::vector<const Stmt *> After;
  if (Block) {
    bool Seen = false;
    for (const Stmt *S : Block->body()) {
      if (Seen)
        After.push_back(S);
      Seen |= S == L.For;
    }
  }
  // Which statement goes where.
  std::vector<std::pair<Footprint, int>> Placed;
  size_t LastMoved = 0;
  for (size_t T = 0; T < After.size(); ++T) {
    const Stmt *S = After[T];
    if (!A.spelledInFile(S) || !movableStmtRange(A.Ctx, S) ||
        A.structuralDirectiveIn(S))
      break;
    Footprint F = footprintOf(Scope, S);
    if (F.Illegal)
      break;
    int To = -1;
    for (unsigned I = 0; I < G; ++I)
      for (const VarDecl *V : State[I])
        if (F.VarsRead.count(V))
          To = int(I);
    // A declaration that reads no group's results (`int n = 2 * r + 1;`)
    // and that no loop touches moves after the first loop, so that the
    // statements that use it and one group's results can move too.
    if (To < 0 && isa<DeclStmt>(S) &&
        llvm::none_of(Group, [&](const Footprint &GF) {
          return dependence(F, GF).has_value();
        }))
      To = 0;
    bool Move = To >= 0 && To + 1 < int(G);
    for (unsigned H = unsigned(To) + 1; Move && H < G; ++H)
      Move = !dependence(F, Group[H]);
    for (auto &[Earlier, At] : Placed)
      if (Move && (At < 0 || At > To))
        Move = !dependence(F, Earlier);
    if (!Move)
      To = -1;
    L.Following.push_back({S, To});
    if (Move)
      LastMoved = L.Following.size();
    Placed.push_back({std::move(F), To});
  }
  L.Following.resize(LastMoved);
  // The state live while each loop runs: a group's results stay live after
  // its loop unless the statements moved after it are their only readers
  // (in this block, and the variables declared in it).
  std::vector<bool> Released(G, false);
  for (unsigned I = 0; I < G; ++I) {
    llvm::DenseSet<const VarDecl *> ReadLater;
    for (size_t T = 0; T < After.size(); ++T)
      if (T >= L.Following.size() || L.Following[T].second != int(I))
        referencedVars(After[T], ReadLater);
    Released[I] = Block && llvm::all_of(State[I], [&](const VarDecl *V) {
      return !ReadLater.count(V) &&
             A.before(Block->getLBracLoc(), V->getLocation());
    });
  }
  L.PeakWords.clear();
  for (unsigned I = 0; I < G; ++I) {
    unsigned Live = stateWords(A.Ctx, State[I]);
    for (unsigned H = 0; H < I; ++H)
      if (!Released[H])
        Live += stateWords(A.Ctx, State[H]);
    L.PeakWords.push_back(Live);
  }
}

} // namespace tdrc
