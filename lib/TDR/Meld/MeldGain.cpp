//===- MeldGain.cpp - What a meld saves, in the remap model's unit --------===//
//
// A branch that remap and meld both want is settled by the pass manager from
// their gains in one unit: weighted operations per work-item (PathCost's),
// in a warp whose work-items take every path, as remap's model counts them
// (Remap/Profitability.cpp).  DARM's weights rank alignments; they do not
// say what a helper call or a loop of `len` iterations costs, PathCost does.
//
// The original runs each side in turn; the melded code runs a statement the
// sides share once (the costlier spelling, plus its selects) and a statement
// of one side under a guard.  So a shared statement saves the cheaper side's
// cost less a select per differing operand; a shared region saves its own
// expressions and what its melded bodies save, a loop's per iteration; an
// unaligned statement costs its guard.
//
//===----------------------------------------------------------------------===//
#include "MeldGain.h"

using namespace clang;

namespace tdrc {

namespace {
double atDefaultLength(const SymbolicCost &C) {
  return C.at(PathCost::DefaultTrips);
}

SymbolicCost cheaper(const SymbolicCost &A, const SymbolicCost &B) {
  return atDefaultLength(A) <= atDefaultLength(B) ? A : B;
}

/// A region's expressions evaluated once per pass (an if's condition; a
/// loop's condition and increment, per iteration) and its for-init.
struct RegionParts {
  const Expr *Cond = nullptr, *Inc = nullptr;
  const Stmt *Init = nullptr;
};

RegionParts partsOf(const Stmt *S) {
  RegionParts P;
  if (auto *If = dyn_cast<IfStmt>(S))
    P.Cond = If->getCond();
  else if (auto *F = dyn_cast<ForStmt>(S)) {
    P.Cond = F->getCond();
    P.Inc = F->getInc();
    P.Init = F->getInit();
  } else if (auto *W = dyn_cast<WhileStmt>(S))
    P.Cond = W->getCond();
  else if (auto *D = dyn_cast<DoStmt>(S))
    P.Cond = D->getCond();
  return P;
}

class GainWalk {
public:
  explicit GainWalk(PathCost &PC) : PC(PC) {}

  MeldGain sequence(const std::vector<MeldNode> &Seq) {
    MeldGain G;
    for (const MeldNode &N : Seq)
      if (N.K == MeldNode::Pair)
        G += pair(N);
      else
        G.Guards.Const += 1;
    return G;
  }

  MeldGain switchSequence(const std::vector<SwitchNode> &Seq) {
    MeldGain G;
    for (const SwitchNode &N : Seq)
      if (N.Members.empty())
        G.Guards.Const += 1;
      else
        G += shared(N);
    return G;
  }

private:
  PathCost &PC;

  /// What evaluating the region parts of A once instead of once for A and
  /// once for B saves, per pass (Init apart).
  SymbolicCost header(const Stmt *A, const Stmt *B) {
    RegionParts PA = partsOf(A), PB = partsOf(B);
    SymbolicCost G = cheaper(PC.of(PA.Cond), PC.of(PB.Cond));
    G += cheaper(PC.of(PA.Inc), PC.of(PB.Inc));
    G.Const += 1; // the branch or back edge
    return G;
  }

  /// A region that melds: its header saved per pass, its bodies' savings,
  /// a loop's repeated; Selects are its own expressions'.
  MeldGain region(MeldNode::Shape Shape, const Stmt *A, const Stmt *B,
                  MeldGain First, const MeldGain &Second, unsigned Selects) {
    MeldGain G;
    G.Selects.Const = Selects;
    switch (Shape) {
    case MeldNode::Simple:
      G.Saved = cheaper(PC.of(A), PC.of(B));
      return G;
    case MeldNode::Block:
      First += G;
      return First;
    case MeldNode::If:
      // Either side, as likely (PathCost's rule for an if).
      First += Second;
      G += First.scaled(0.5);
      G.Saved += header(A, B);
      return G;
    case MeldNode::For:
    case MeldNode::While:
    case MeldNode::Do: {
      // Every iteration (the selects of a for-init too, conservatively).
      // A warp runs the melded loop as often as its longer side: what
      // melding saves is the shorter side's iterations.
      First += G;
      First.Saved += header(A, B);
      SymbolicCost One;
      One.Const = 1;
      const Stmt *Shorter =
          atDefaultLength(PC.repeated(A, One)) <=
                  atDefaultLength(PC.repeated(B, One))
              ? A
              : B;
      MeldGain L = First.repeated(PC, Shorter);
      L.Saved += cheaper(PC.of(partsOf(A).Init), PC.of(partsOf(B).Init));
      return L;
    }
    }
    return G;
  }

  MeldGain pair(const MeldNode &N) {
    return region(N.S, N.A, N.B, sequence(N.First), sequence(N.Second),
                  unsigned(N.Own.Selects.size()));
  }

  /// A statement k groups share: each member's spelling runs no more.
  MeldGain shared(const SwitchNode &N) {
    MeldGain G;
    MeldGain First = switchSequence(N.First), Second = switchSequence(N.Second);
    for (const SwitchMember &M : N.Members) {
      // The bodies' savings count once, whichever member they came from.
      bool Once = &M == &N.Members.front();
      G += region(N.Shape, N.S, M.S, Once ? First : MeldGain(),
                  Once ? Second : MeldGain(), unsigned(M.Own.Selects.size()));
    }
    return G;
  }
};
} // namespace

MeldGain &MeldGain::operator+=(const MeldGain &O) {
  Saved += O.Saved;
  Selects += O.Selects;
  Guards += O.Guards;
  return *this;
}

MeldGain MeldGain::scaled(double F) const {
  return {Saved.scaled(F), Selects.scaled(F), Guards.scaled(F)};
}

MeldGain MeldGain::repeated(PathCost &PC, const clang::Stmt *Loop) const {
  return {PC.repeated(Loop, Saved), PC.repeated(Loop, Selects),
          PC.repeated(Loop, Guards)};
}

SymbolicCost MeldGain::net() const {
  SymbolicCost N = Saved;
  N += Selects.scaled(-SelectOps);
  N += Guards.scaled(-GuardOps);
  return N;
}

MeldGain meldGain(PathCost &PC, const MeldedBranch &M) {
  return GainWalk(PC).sequence(M.Seq);
}

MeldGain meldGain(PathCost &PC, const MeldedSwitch &M) {
  return GainWalk(PC).switchSequence(M.Seq);
}

} // namespace tdrc
