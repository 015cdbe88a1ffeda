//===- LoopPartition.cpp - Group a loop's statements that depend on each other
//
// Two statements of the body depend on each other when one writes a private
// variable the other reads or writes, or memory the other may reach (roots
// that may alias: MemoryRoots.h, restrict, address spaces).  The groups are
// the connected components of that relation, in the order of their first
// statements; each runs as its own loop, so a dependence in either
// direction, within an iteration or across iterations, keeps two
// statements together.
//
// A group that carries no state (stores only) gains nothing from a loop of
// its own and costs its loads again: it joins the group carrying the least
// (any union of independent groups keeps every group's order).  Then groups
// merge until there are at most --loop-split-loops (2 by default): first
// those that repeat the most declarations in common (they recompute the
// same values: apart they pay twice), then those carrying the least.
//
// A declaration `T v = e;` that nothing else in the body writes, whose
// initialiser writes nothing (helpers included) and reads only what the body
// does not write (besides other such declarations) gives every iteration
// the same value in any loop: it is repeated in each group that reads v
// instead of joining them (the seed's `float x = in[k];` read by two
// accumulations).  It costs a second evaluation, a load at most.
//
//===----------------------------------------------------------------------===//
#include "LoopSplitPlan.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include <algorithm>

using namespace clang;

namespace tdrc {

namespace {

bool intersects(const llvm::SetVector<const VarDecl *> &X,
                const llvm::SetVector<const VarDecl *> &Y) {
  for (const VarDecl *V : X)
    if (Y.count(V))
      return true;
  return false;
}

bool anyAlias(const RootSet &X, const RootSet &Y) {
  for (const VarDecl *A : X)
    for (const VarDecl *B : Y)
      if (mayAlias(A, B))
        return true;
  return false;
}

} // namespace

std::optional<std::string> dependence(const Footprint &I, const Footprint &J) {
  for (const VarDecl *V : I.VarsWritten)
    if (J.VarsRead.count(V) || J.VarsWritten.count(V))
      return "'" + V->getNameAsString() + "'";
  for (const VarDecl *V : J.VarsWritten)
    if (I.VarsRead.count(V))
      return "'" + V->getNameAsString() + "'";
  for (const VarDecl *A : I.MemWritten)
    for (const VarDecl *B : J.MemRead)
      if (mayAlias(A, B))
        return "the memory of '" + A->getNameAsString() + "'";
  for (const VarDecl *A : J.MemWritten)
    for (const VarDecl *B : I.MemRead)
      if (mayAlias(A, B))
        return "the memory of '" + A->getNameAsString() + "'";
  if (anyAlias(I.MemWritten, J.MemWritten))
    return std::string("memory both write");
  return std::nullopt;
}

namespace {

using DeclVars = llvm::SmallVector<const VarDecl *, 2>;

/// The variables a repeatable declaration declares (each with an
/// initialiser), or none.
DeclVars declared(const Stmt *S, const Footprint &F) {
  auto *DS = dyn_cast<DeclStmt>(S);
  if (!DS || !F.MemWritten.empty())
    return {};
  DeclVars Vars;
  for (const Decl *D : DS->decls()) {
    auto *V = dyn_cast<VarDecl>(D);
    if (!V || !V->hasInit())
      return {};
    Vars.push_back(V);
  }
  if (Vars.size() != F.VarsWritten.size())
    return {}; // its initialisers write another variable
  for (const VarDecl *V : Vars)
    if (!F.VarsWritten.count(V))
      return {};
  return Vars;
}

} // namespace

/// How many declarations more than one group repeats.
static void countRepeated(SplitLoop &L) {
  std::vector<unsigned> Uses(L.Body.size(), 0);
  for (const std::vector<unsigned> &G : L.Groups)
    for (unsigned I : G)
      ++Uses[I];
  L.Repeated = unsigned(llvm::count_if(Uses, [](unsigned U) { return U > 1; }));
}

std::optional<std::string>
partitionLoop(KernelAnalyses &A, const std::vector<Footprint> &Fs,
              SplitLoop &L) {
  unsigned N = unsigned(Fs.size());
  // The declarations that may be repeated: drop those that read what the
  // others write, until none does.
  std::vector<DeclVars> Decl(N);
  for (unsigned I = 0; I < N; ++I)
    Decl[I] = declared(L.Body[I], Fs[I]);
  auto IsDecl = [&](unsigned I) { return !Decl[I].empty(); };
  for (bool Changed = true; Changed;) {
    Changed = false;
    llvm::SetVector<const VarDecl *> Written;
    RootSet MemWritten;
    for (unsigned I = 0; I < N; ++I)
      if (!IsDecl(I)) {
        Written.insert(Fs[I].VarsWritten.begin(), Fs[I].VarsWritten.end());
        MemWritten.insert(Fs[I].MemWritten.begin(), Fs[I].MemWritten.end());
      }
    for (unsigned I = 0; I < N; ++I) {
      if (!IsDecl(I))
        continue;
      bool WrittenElsewhere = llvm::any_of(
          Decl[I], [&](const VarDecl *V) { return Written.count(V) != 0; });
      if (WrittenElsewhere || intersects(Fs[I].VarsRead, Written) ||
          anyAlias(Fs[I].MemRead, MemWritten)) {
        Decl[I].clear();
        Changed = true;
      }
    }
  }
  // The components of the other statements.
  llvm::EquivalenceClasses<unsigned> Classes;
  std::optional<std::string> FirstLink;
  for (unsigned I = 0; I < N; ++I)
    if (!IsDecl(I))
      Classes.insert(I);
  for (unsigned I = 0; I < N; ++I)
    for (unsigned J = I + 1; J < N && !IsDecl(I); ++J) {
      if (IsDecl(J) || Classes.isEquivalent(I, J))
        continue;
      if (auto Via = dependence(Fs[I], Fs[J])) {
        Classes.unionSets(I, J);
        if (!FirstLink)
          FirstLink = "the statements at " +
                      A.loc(L.Body[I]->getBeginLoc()) + " and " +
                      A.loc(L.Body[J]->getBeginLoc()) + " share " + *Via;
      }
    }
  // Groups in the order of their first statements; a group that writes
  // nothing (an empty statement) joins the first.
  std::vector<std::vector<unsigned>> Groups;
  std::vector<unsigned> Leader;
  for (unsigned I = 0; I < N; ++I) {
    if (IsDecl(I))
      continue;
    unsigned Lead = Classes.getLeaderValue(I);
    auto It = llvm::find(Leader, Lead);
    if (It == Leader.end()) {
      Leader.push_back(Lead);
      Groups.push_back({I});
    } else {
      Groups[It - Leader.begin()].push_back(I);
    }
  }
  auto WritesNothing = [&](const std::vector<unsigned> &G) {
    for (unsigned I : G)
      if (!Fs[I].VarsWritten.empty() || !Fs[I].MemWritten.empty())
        return false;
    return true;
  };
  for (unsigned G = 1; G < Groups.size();)
    if (WritesNothing(Groups[G])) {
      Groups[0].insert(Groups[0].end(), Groups[G].begin(), Groups[G].end());
      Groups.erase(Groups.begin() + G);
    } else {
      ++G;
    }
  if (Groups.size() < 2)
    return "its statements depend on each other" +
           (FirstLink ? " (" + *FirstLink + ")" : std::string()) +
           ": one loop carries all of them";
  // Each group takes the repeatable declarations it reads (and those they
  // read); one read by no group stays in the first.
  std::vector<unsigned> Uses(N, 0);
  for (std::vector<unsigned> &G : Groups) {
    llvm::SetVector<const VarDecl *> Needed;
    for (unsigned I : G)
      Needed.insert(Fs[I].VarsRead.begin(), Fs[I].VarsRead.end());
    for (unsigned I = N; I-- > 0;)
      if (IsDecl(I) && llvm::any_of(Decl[I], [&](const VarDecl *V) {
            return Needed.count(V) != 0;
          })) {
        G.push_back(I);
        Needed.insert(Fs[I].VarsRead.begin(), Fs[I].VarsRead.end());
        ++Uses[I];
      }
  }
  for (unsigned I = 0; I < N; ++I)
    if (IsDecl(I) && !Uses[I])
      Groups[0].push_back(I);
  for (std::vector<unsigned> &G : Groups)
    llvm::sort(G);
  L.Groups = std::move(Groups);
  countRepeated(L);
  L.Repeatable.assign(N, false);
  for (unsigned I = 0; I < N; ++I)
    L.Repeatable[I] = IsDecl(I);
  return std::nullopt;
}


void mergeStatelessGroups(SplitLoop &L) {
  unsigned Target = ~0u;
  for (unsigned G = 0; G < L.Groups.size(); ++G)
    if (L.CarriedWords[G] &&
        (Target == ~0u || L.CarriedWords[G] < L.CarriedWords[Target]))
      Target = G;
  if (Target == ~0u)
    return;
  std::vector<std::vector<unsigned>> Groups;
  std::vector<unsigned> Words;
  std::vector<unsigned> Merged = L.Groups[Target];
  for (unsigned G = 0; G < L.Groups.size(); ++G)
    if (!L.CarriedWords[G])
      Merged.insert(Merged.end(), L.Groups[G].begin(), L.Groups[G].end());
  llvm::sort(Merged);
  Merged.erase(std::unique(Merged.begin(), Merged.end()), Merged.end());
  for (unsigned G = 0; G < L.Groups.size(); ++G) {
    if (!L.CarriedWords[G])
      continue;
    Groups.push_back(G == Target ? Merged : L.Groups[G]);
    Words.push_back(L.CarriedWords[G]);
  }
  L.Groups = std::move(Groups);
  L.CarriedWords = std::move(Words);
  countRepeated(L);
}

void limitLoops(SplitLoop &L, unsigned Most) {
  auto Shared = [&](const std::vector<unsigned> &X,
                    const std::vector<unsigned> &Y) {
    unsigned N = 0;
    for (unsigned I : X)
      N += L.Repeatable[I] && llvm::is_contained(Y, I);
    return N;
  };
  while (L.Groups.size() > std::max(Most, 1u)) {
    unsigned BestA = 0, BestB = 1, BestShared = 0, BestWords = ~0u;
    for (unsigned A = 0; A < L.Groups.size(); ++A)
      for (unsigned B = A + 1; B < L.Groups.size(); ++B) {
        unsigned S = Shared(L.Groups[A], L.Groups[B]);
        unsigned W = L.CarriedWords[A] + L.CarriedWords[B];
        if (S > BestShared || (S == BestShared && W < BestWords)) {
          BestA = A, BestB = B, BestShared = S, BestWords = W;
        }
      }
    std::vector<unsigned> &G = L.Groups[BestA];
    G.insert(G.end(), L.Groups[BestB].begin(), L.Groups[BestB].end());
    llvm::sort(G);
    G.erase(std::unique(G.begin(), G.end()), G.end());
    L.CarriedWords[BestA] = BestWords;
    L.Groups.erase(L.Groups.begin() + BestB);
    L.CarriedWords.erase(L.CarriedWords.begin() + BestB);
  }
  countRepeated(L);
}

} // namespace tdrc
