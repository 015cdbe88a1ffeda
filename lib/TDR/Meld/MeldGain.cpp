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
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/ParentMapContext.h"

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
  GainWalk(ASTContext &Ctx, const ParentMap &Parents, PathCost &PC)
      : Ctx(Ctx), Parents(Parents), PC(PC) {}

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
  ASTContext &Ctx;
  const ParentMap &Parents; // the kernel body's
  PathCost &PC;

  /// An integer constant expression (a literal, an enumerator, `3 * 2`).
  bool integerConstant(const Expr *E) const {
    return E && E->getType()->isIntegerType() && !E->isValueDependent() &&
           E->isIntegerConstantExpr(Ctx);
  }

  /// Whether the code generator exploits E being a constant where it is
  /// used: a multiplier, divisor or shift count (strength reduction, and a
  /// chain of them folded into one multiply-add), or a loop's bound
  /// (unrolling).  An addend or a mask costs the same in a register.
  bool foldedUse(const Expr *E) const {
    const Stmt *P = parentOf(E);
    while (isa_and_nonnull<ParenExpr, ImplicitCastExpr, CStyleCastExpr>(P))
      P = parentOf(P);
    auto *BO = dyn_cast_or_null<BinaryOperator>(P);
    if (!BO)
      return false;
    BinaryOperatorKind Op = BO->getOpcode();
    if (auto *CA = dyn_cast<CompoundAssignOperator>(BO))
      Op = BinaryOperator::getOpForCompoundAssignment(CA->getOpcode());
    if (Op == BO_Mul || Op == BO_Div || Op == BO_Rem || Op == BO_Shl ||
        Op == BO_Shr)
      return true;
    const Stmt *L = parentOf(BO);
    if (auto *F = dyn_cast_or_null<ForStmt>(L))
      return F->getCond() == BO;
    if (auto *W = dyn_cast_or_null<WhileStmt>(L))
      return W->getCond() == BO;
    if (auto *D = dyn_cast_or_null<DoStmt>(L))
      return D->getCond() == BO;
    return false;
  }

  /// The kernel's parent map first: Clang shares a template's literals
  /// with its instantiations, so the AST has two parents for them.
  const Stmt *parentOf(const Stmt *S) const {
    if (const Stmt *P = Parents.getParent(S))
      return P;
    auto Ps = Ctx.getParents(*S);
    return Ps.size() == 1 ? Ps[0].get<Stmt>() : nullptr;
  }

  /// The loads and stores S issues per work-item, loops repeated as PathCost
  /// repeats them; either side of an if as likely; a helper's body's (a
  /// melded call issues them once), a few calls deep.
  SymbolicCost accesses(const Stmt *S, unsigned Depth = 0) {
    SymbolicCost C;
    if (!S)
      return C;
    if (auto *F = dyn_cast<ForStmt>(S)) {
      SymbolicCost Iter = accesses(F->getCond(), Depth);
      Iter += accesses(F->getInc(), Depth);
      Iter += accesses(F->getBody(), Depth);
      C = accesses(F->getInit(), Depth);
      C += PC.repeated(S, Iter);
      return C;
    }
    if (isa<WhileStmt, DoStmt>(S)) {
      SymbolicCost Iter;
      for (const Stmt *Ch : S->children())
        Iter += accesses(Ch, Depth);
      return PC.repeated(S, Iter);
    }
    if (auto *If = dyn_cast<IfStmt>(S)) {
      C = accesses(If->getCond(), Depth);
      SymbolicCost Sides = accesses(If->getThen(), Depth);
      Sides += accesses(If->getElse(), Depth);
      C += Sides.scaled(0.5);
      return C;
    }
    if (auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      // A private array is registers or the work-item's own stack: not an
      // access that other work-items' accesses queue behind.
      const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
      if (!Base->getType()->isArrayType() || !isPrivateArray(Base, Ctx))
        C.Const += 1;
    } else if (auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->getOpcode() == UO_Deref)
        C.Const += 1;
    } else if (auto *ME = dyn_cast<MemberExpr>(S)) {
      if (ME->isArrow())
        C.Const += 1;
    } else if (auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (FD && FD->getIdentifier() &&
          (FD->getName().starts_with("vload") ||
           FD->getName().starts_with("vstore")))
        C.Const += 1;
      if (const FunctionDecl *Def = FD ? userDefinition(FD) : nullptr;
          Def && Depth < 4)
        C += accesses(Def->getBody(), Depth + 1);
    }
    for (const Stmt *Ch : S->children())
      C += accesses(Ch, Depth);
    return C;
  }

  SymbolicCost fewerAccesses(const Stmt *A, const Stmt *B) {
    return cheaper(accesses(A), accesses(B));
  }

  /// What evaluating the region parts of A once instead of once for A and
  /// once for B saves, per pass (Init apart).
  SymbolicCost header(const Stmt *A, const Stmt *B) {
    RegionParts PA = partsOf(A), PB = partsOf(B);
    SymbolicCost G = cheaper(PC.of(PA.Cond), PC.of(PB.Cond));
    G += cheaper(PC.of(PA.Inc), PC.of(PB.Inc));
    G.Const += 1; // the branch or back edge
    return G;
  }

  /// The accesses of the region parts of A and B issued once, per pass.
  SymbolicCost headerAccesses(const Stmt *A, const Stmt *B) {
    RegionParts PA = partsOf(A), PB = partsOf(B);
    SymbolicCost G = fewerAccesses(PA.Cond, PB.Cond);
    G += fewerAccesses(PA.Inc, PB.Inc);
    return G;
  }

  /// A region that melds: its header saved per pass, its bodies' savings,
  /// a loop's repeated; Selects are its own expressions'.
  MeldGain region(MeldNode::Shape Shape, const Stmt *A, const Stmt *B,
                  MeldGain First, const MeldGain &Second,
                  const std::vector<OperandSelect> &Selects) {
    MeldGain G;
    G.Selects.Const = Selects.size();
    for (const OperandSelect &S : Selects)
      if (integerConstant(S.A) && integerConstant(S.B) && foldedUse(S.A))
        G.IntegerConstants.Const += 1;
    switch (Shape) {
    case MeldNode::Simple:
      G.Saved = cheaper(PC.of(A), PC.of(B));
      G.Accesses = fewerAccesses(A, B);
      return G;
    case MeldNode::Block:
      First += G;
      return First;
    case MeldNode::If:
      // Either side, as likely (PathCost's rule for an if).
      First += Second;
      G += First.scaled(0.5);
      G.Saved += header(A, B);
      G.Accesses += headerAccesses(A, B);
      return G;
    case MeldNode::For:
    case MeldNode::While:
    case MeldNode::Do: {
      // Every iteration (the selects of a for-init too, conservatively).
      // A warp runs the melded loop as often as its longer side: what
      // melding saves is the shorter side's iterations.
      First += G;
      First.Saved += header(A, B);
      First.Accesses += headerAccesses(A, B);
      SymbolicCost One;
      One.Const = 1;
      const Stmt *Shorter =
          atDefaultLength(PC.repeated(A, One)) <=
                  atDefaultLength(PC.repeated(B, One))
              ? A
              : B;
      MeldGain L = First.repeated(PC, Shorter);
      L.Saved += cheaper(PC.of(partsOf(A).Init), PC.of(partsOf(B).Init));
      L.Accesses += fewerAccesses(partsOf(A).Init, partsOf(B).Init);
      return L;
    }
    }
    return G;
  }

  MeldGain pair(const MeldNode &N) {
    return region(N.S, N.A, N.B, sequence(N.First), sequence(N.Second),
                  N.Own.Selects);
  }

  /// A statement k groups share: each member's spelling runs no more.
  MeldGain shared(const SwitchNode &N) {
    MeldGain G;
    MeldGain First = switchSequence(N.First), Second = switchSequence(N.Second);
    for (const SwitchMember &M : N.Members) {
      // The bodies' savings count once, whichever member they came from.
      bool Once = &M == &N.Members.front();
      G += region(N.Shape, N.S, M.S, Once ? First : MeldGain(),
                  Once ? Second : MeldGain(), M.Own.Selects);
    }
    return G;
  }
};
} // namespace

MeldGain &MeldGain::operator+=(const MeldGain &O) {
  Saved += O.Saved;
  Selects += O.Selects;
  Guards += O.Guards;
  Accesses += O.Accesses;
  IntegerConstants += O.IntegerConstants;
  return *this;
}

MeldGain MeldGain::scaled(double F) const {
  return {Saved.scaled(F), Selects.scaled(F), Guards.scaled(F),
          Accesses.scaled(F), IntegerConstants.scaled(F)};
}

MeldGain MeldGain::repeated(PathCost &PC, const clang::Stmt *Loop) const {
  return {PC.repeated(Loop, Saved), PC.repeated(Loop, Selects),
          PC.repeated(Loop, Guards), PC.repeated(Loop, Accesses),
          PC.repeated(Loop, IntegerConstants)};
}

SymbolicCost MeldGain::net() const {
  SymbolicCost N = Saved;
  N += Selects.scaled(-SelectOps);
  N += Guards.scaled(-GuardOps);
  return N;
}

MeldGain meldGain(ASTContext &Ctx, const ParentMap &Parents, PathCost &PC,
                  const MeldedBranch &M) {
  return GainWalk(Ctx, Parents, PC).sequence(M.Seq);
}

MeldGain meldGain(ASTContext &Ctx, const ParentMap &Parents, PathCost &PC,
                  const MeldedSwitch &M) {
  return GainWalk(Ctx, Parents, PC).switchSequence(M.Seq);
}

} // namespace tdrc
