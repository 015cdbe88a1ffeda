//===- SwitchMeld.cpp - Melding the cases of a switch, N ways -------------===//
//
// A switch's case groups meld around one of them, the pivot: every other
// group is aligned with the pivot (StmtAlign.cpp, the two-way alignment),
// and the alignments are combined statement by statement.  A pivot
// statement that some groups meld with is written once for all of them;
// its operands that differ become a chain of selects on the switch's value
// (`v == 0 ? a : v == 1 ? b : c`), each group's arm its own operand; a
// statement no other group melds with stays the group's own, under a test
// of the value.  Each group therefore runs exactly its own statements, in
// its own order, with its own operands.  Every group is tried as the pivot;
// the one that saves most is kept.
//
// Names: the groups' declarations end up in one scope.  A name declared
// by two statements that are not written once, or declared by one group
// and read as another variable by another group, turns the switch down.
//
//===----------------------------------------------------------------------===//
#include "Melder.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>

using namespace clang;

namespace tdrc {

namespace {

using Alignment = std::pair<unsigned, const std::vector<MeldNode> *>;

SwitchNode own(unsigned G, const Stmt *S) {
  SwitchNode N;
  N.S = S;
  N.Groups = {G};
  return N;
}

const Stmt *bodyOf(const Stmt *S) {
  if (auto *F = dyn_cast<ForStmt>(S))
    return F->getBody();
  if (auto *W = dyn_cast<WhileStmt>(S))
    return W->getBody();
  if (auto *D = dyn_cast<DoStmt>(S))
    return D->getBody();
  if (auto *I = dyn_cast<IfStmt>(S))
    return I->getThen();
  return S; // a block
}

/// Combines the alignments of the pivot's sequence SP with each other
/// group's (Als) into one sequence.  Each alignment is consumed in order,
/// so each group's statements keep their order.
std::vector<SwitchNode> combine(llvm::ArrayRef<const Stmt *> SP,
                                llvm::ArrayRef<Alignment> Als, unsigned Pivot) {
  std::vector<SwitchNode> Out;
  std::vector<size_t> Cur(Als.size(), 0);
  auto Flush = [&] {
    for (size_t J = 0; J < Als.size(); ++J)
      for (const std::vector<MeldNode> &V = *Als[J].second;
           Cur[J] < V.size() && V[Cur[J]].K == MeldNode::OnlyB; ++Cur[J])
        Out.push_back(own(Als[J].first, V[Cur[J]].B));
  };
  for (const Stmt *P : SP) {
    Flush();
    SwitchNode N;
    N.S = P;
    N.Groups = {Pivot};
    std::vector<Alignment> First, Second;
    for (size_t J = 0; J < Als.size(); ++J) {
      const MeldNode &M = (*Als[J].second)[Cur[J]++];
      if (M.K != MeldNode::Pair)
        continue; // the group has no statement like P here
      N.Shape = M.S;
      N.SplitStore |= M.SplitStore;
      N.Groups.push_back(Als[J].first);
      N.Members.push_back({Als[J].first, M.Own, M.B, M.SplitStore});
      First.push_back({Als[J].first, &M.First});
      Second.push_back({Als[J].first, &M.Second});
    }
    std::sort(N.Groups.begin(), N.Groups.end());
    if (N.Members.empty()) {
      Out.push_back(own(Pivot, P));
    } else {
      if (N.Shape != MeldNode::Simple)
        N.First = combine(sequenceOf(bodyOf(P)), First, Pivot);
      if (N.Shape == MeldNode::If)
        N.Second = combine(sequenceOf(cast<IfStmt>(P)->getElse()), Second,
                           Pivot);
      Out.push_back(std::move(N));
    }
  }
  Flush();
  return Out;
}

struct Totals {
  double Saved = 0;
  unsigned Selects = 0, Guards = 0, Shared = 0, Own = 0;
};

/// The selects a shared node adds: one chain per operand that differs for
/// some group (the outermost such operands), each of Groups - 1 tests.
unsigned chains(const SwitchNode &N) {
  std::vector<std::pair<SourceLocation, SourceLocation>> Sites;
  for (const SwitchMember &M : N.Members)
    for (const OperandSelect &S : M.Own.Selects)
      Sites.push_back({S.A->getBeginLoc(), S.A->getEndLoc()});
  std::sort(Sites.begin(), Sites.end());
  Sites.erase(std::unique(Sites.begin(), Sites.end()), Sites.end());
  unsigned Outer = 0;
  for (auto &S : Sites) {
    bool Inside = llvm::any_of(Sites, [&](auto &O) {
      return O != S && !(S.first < O.first) && !(O.second < S.second);
    });
    Outer += !Inside;
  }
  // Stores to several variables: one more chain, of ifs.
  return (Outer + N.SplitStore) * (N.Groups.size() - 1);
}

void total(const std::vector<SwitchNode> &Seq,
           const std::vector<unsigned> &Parent, Totals &T, bool Top) {
  for (size_t I = 0; I < Seq.size(); ++I) {
    const SwitchNode &N = Seq[I];
    if (N.Groups != Parent && (I == 0 || Seq[I - 1].Groups != N.Groups))
      ++T.Guards; // a run of statements of the same groups: one guard
    if (N.Members.empty()) {
      T.Own += Top;
      continue;
    }
    T.Shared += Top;
    for (const SwitchMember &M : N.Members)
      T.Saved +=
          M.Own.Saved + (N.Shape == MeldNode::Simple ? 0 : meldweight::Other);
    T.Selects += chains(N);
    total(N.First, N.Groups, T, false);
    total(N.Second, N.Groups, T, false);
  }
}

std::optional<std::string> checkDecls(const std::vector<SwitchNode> &Seq,
                                      const std::vector<unsigned> &Parent,
                                      llvm::StringMap<unsigned> &Count) {
  for (const SwitchNode &N : Seq) {
    // Declarations inside a statement kept whole (a group's own block or
    // loop) or in a shared loop's header stay in their own scope.
    if (auto *DS = dyn_cast<DeclStmt>(N.S))
      for (const Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D))
          ++Count[V->getName()];
    if (N.Groups != Parent)
      if (auto *DS = dyn_cast<DeclStmt>(N.S))
        for (const Decl *D : DS->decls())
          if (!splittableDecl(dyn_cast<VarDecl>(D)))
            return "the declaration of '" +
                   cast<NamedDecl>(D)->getNameAsString() +
                   "' in one case cannot be split into a declaration and a "
                   "guarded assignment";
    if (auto Why = checkDecls(N.First, N.Groups, Count))
      return Why;
    if (auto Why = checkDecls(N.Second, N.Groups, Count))
      return Why;
  }
  return std::nullopt;
}

std::optional<std::string> nameProblem(const MeldedSwitch &M) {
  llvm::StringMap<unsigned> Count;
  std::vector<unsigned> All(M.Groups.size());
  for (unsigned G = 0; G < All.size(); ++G)
    All[G] = G;
  if (auto Why = checkDecls(M.Seq, All, Count))
    return Why;
  for (auto &E : Count)
    if (E.getValue() > 1)
      return "two cases declare '" + E.getKey().str() +
             "' (of different types or in different places)";
  for (const CaseGroup &G : M.Groups) {
    llvm::DenseSet<const VarDecl *> Declared;
    std::vector<const DeclRefExpr *> Refs;
    for (const Stmt *S : G.Body)
      scanSide(S, Declared, Refs);
    for (const DeclRefExpr *R : Refs)
      if (auto *V = dyn_cast<VarDecl>(R->getDecl());
          V && !Declared.count(V) && Count.count(V->getName()))
        return "a case declares '" + V->getNameAsString() +
               "', which would hide the variable another case reads";
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> meldSwitchCases(MeldEnv &E, MeldedSwitch &M) {
  unsigned N = M.Groups.size();
  std::vector<llvm::DenseSet<const VarDecl *>> Decls(N);
  double Weight = 0;
  for (unsigned G = 0; G < N; ++G) {
    for (const Stmt *S : M.Groups[G].Body)
      declaredIn(S, Decls[G]);
    for (const Stmt *S : M.Groups[G].Body)
      Weight += stmtWeight(E, S);
  }
  std::optional<std::string> Why;
  double BestNet = -1e300;
  for (unsigned P = 0; P < N; ++P) {
    std::vector<std::vector<MeldNode>> Al(N);
    std::vector<Alignment> Als;
    bool Failed = false;
    for (unsigned G = 0; G < N && !Failed; ++G) {
      if (G == P)
        continue;
      E.DeclaredA = &Decls[P];
      E.DeclaredB = &Decls[G];
      Al[G] = alignSequences(E, M.Groups[P].Body, M.Groups[G].Body, Failed);
      Als.push_back({G, &Al[G]});
    }
    E.DeclaredA = E.DeclaredB = nullptr;
    if (Failed)
      return std::string("its cases are too long to align");
    MeldedSwitch Try = M;
    Try.Pivot = P;
    Try.Seq = combine(M.Groups[P].Body, Als, P);
    Totals T;
    std::vector<unsigned> All(N);
    for (unsigned G = 0; G < N; ++G)
      All[G] = G;
    total(Try.Seq, All, T, true);
    if (!T.Shared)
      continue;
    double Net = T.Saved - meldweight::Select * T.Selects -
                 meldweight::Guard * T.Guards;
    if (Net <= BestNet)
      continue;
    if (std::optional<std::string> Names = nameProblem(Try)) {
      Why = Names;
      continue;
    }
    BestNet = Net;
    Try.Net = Net;
    Try.Saved = T.Saved;
    Try.Shared = T.Shared;
    Try.Own = T.Own;
    Try.Selects = T.Selects;
    Try.Similarity = Weight > 0 ? N * T.Saved / ((N - 1) * Weight) : 0;
    M = std::move(Try);
    Why.reset();
  }
  if (M.Seq.empty())
    return Why ? *Why
               : std::string("no statement of one case melds with one of "
                             "another");
  return std::nullopt;
}

} // namespace tdrc
