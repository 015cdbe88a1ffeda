//===- SwitchEmitter.cpp - The text of a melded switch ---------------------===//
//
// A melded switch becomes a block: the switch's value, evaluated once into
// a const, then the melded sequence (under a test of the value when some
// values run no case).  A shared statement is the pivot case's text with
// each operand that differs replaced by a chain of selects, one arm per
// case group that runs it, the last arm taken without a test; statements
// of some groups only go under one `if` on the value per run, their
// declarations before it (their initialisers become assignments inside).
//
//===----------------------------------------------------------------------===//
#include "MeldEmitter.h"
#include "Melder.h"
#include "clang/AST/Decl.h"
#include <algorithm>

using namespace clang;

namespace tdrc {

namespace {

using Sub = std::pair<SourceText::Range, std::string>;

bool within(const SourceText::Range &In, const SourceText::Range &Out) {
  return In.Begin >= Out.Begin && In.End <= Out.End;
}

bool sameRange(const SourceText::Range &A, const SourceText::Range &B) {
  return A.Begin == B.Begin && A.End == B.End;
}

/// An operand that may be evaluated whether or not its case runs: a few
/// operations on constants and variables, none that loads, stores, calls,
/// divides or has a side effect.
/// Variables declared in the switch are left out: another case's may not
/// be initialised.
bool speculatable(const Expr *X, const llvm::DenseSet<const VarDecl *> &Inside,
                  unsigned &Budget) {
  X = X->IgnoreParens();
  if (!Budget--)
    return false;
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral>(X))
    return true;
  if (auto *DR = dyn_cast<DeclRefExpr>(X))
    return isa<VarDecl, EnumConstantDecl>(DR->getDecl()) &&
           !Inside.count(dyn_cast<VarDecl>(DR->getDecl())) &&
           !DR->getType()->isArrayType();
  if (auto *C = dyn_cast<CastExpr>(X))
    return (C->getCastKind() == CK_LValueToRValue ||
            C->getType()->isArithmeticType()) &&
           speculatable(C->getSubExpr(), Inside, Budget);
  if (auto *U = dyn_cast<UnaryOperator>(X))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
            U->getOpcode() == UO_Not || U->getOpcode() == UO_LNot) &&
           speculatable(U->getSubExpr(), Inside, Budget);
  if (auto *B = dyn_cast<BinaryOperator>(X))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Div &&
           B->getOpcode() != BO_Rem && B->getOpcode() != BO_Comma &&
           speculatable(B->getLHS(), Inside, Budget) &&
           speculatable(B->getRHS(), Inside, Budget);
  return false;
}


class SwitchWriter {
public:
  SwitchWriter(ASTContext &Ctx, const SourceText &Src, const MeldedSwitch &M)
      : Ctx(Ctx), Src(Src), M(M), V(M.ValueName) {
    if (M.Switch)
      declaredIn(M.Switch->getBody(), Inside);
    for (const CaseGroup &G : M.Groups) // a chain's paths
      for (const Stmt *S : G.Body)
        declaredIn(S, Inside);
    for (unsigned G = 0; G < M.Groups.size(); ++G)
      if (M.Groups[G].Default)
        Default = G;
  }
  bool Ok = true;
  std::string Out;

  /// A test of the value that holds for the groups R ("" when every value
  /// runs one of them).
  std::string test(const std::vector<unsigned> &R,
                   const char *Or = " || ") {
    bool HasDefault = Default && llvm::is_contained(R, *Default);
    std::vector<CaseLabel> Labels;
    for (unsigned G = 0; G < M.Groups.size(); ++G)
      if (llvm::is_contained(R, G) != HasDefault)
        Labels.insert(Labels.end(), M.Groups[G].Labels.begin(),
                      M.Groups[G].Labels.end());
    if (HasDefault)
      Labels.insert(Labels.end(), M.EmptyLabels.begin(), M.EmptyLabels.end());
    if (HasDefault && Labels.empty())
      return "";
    std::string T;
    for (const CaseLabel &L : Labels)
      T += (T.empty() ? "" : Or) + V + " == " + label(L);
    return HasDefault ? "!(" + T + ")" : T;
  }

  /// test() as an operand of `?:`.
  std::string choice(const std::vector<unsigned> &R) {
    std::string T = test(R);
    return T.find("||") == std::string::npos || T[0] == '!' ? T
                                                           : "(" + T + ")";
  }

  void sequence(const std::vector<SwitchNode> &Seq,
                const std::vector<unsigned> &Parent, const std::string &Ind) {
    for (size_t I = 0; I < Seq.size() && Ok;) {
      size_t End = I;
      while (End < Seq.size() && Seq[End].Groups == Seq[I].Groups)
        ++End;
      if (Seq[I].Groups == Parent) {
        for (; I < End; ++I)
          node(Seq[I], Ind);
        continue;
      }
      // A run of statements of the same groups: one guard, its
      // declarations before it.
      std::string Block;
      for (size_t J = I; J < End; ++J) {
        auto *DS = dyn_cast<DeclStmt>(Seq[J].S);
        if (!DS) {
          Block += pending(Seq[J], Ind + "    ");
          continue;
        }
        std::vector<Sub> Subs = subs(Seq[J]);
        for (const Decl *D : DS->decls()) {
          auto *Var = cast<VarDecl>(D);
          Out += Ind + Src.declaration(Var) + ";\n";
          if (Var->getInit())
            Block += Ind + "    " + Var->getName().str() + " = " +
                     respell(Src.range(Var->getInit()->getSourceRange()), Subs) +
                     ";\n";
        }
      }
      Out += Ind + "if (" + test(Seq[I].Groups) + ") {\n" + Block + Ind + "}\n";
      I = End;
    }
  }

private:
  ASTContext &Ctx;
  const SourceText &Src;
  const MeldedSwitch &M;
  llvm::DenseSet<const VarDecl *> Inside; // declared in the switch

  bool speculatable(const Expr *X) {
    unsigned Budget = 8;
    return tdrc::speculatable(X, Inside, Budget);
  }
  std::string V;
  std::optional<unsigned> Default;

  std::string fail() {
    Ok = false;
    return "";
  }

  std::string label(const CaseLabel &L) {
    if (!L.E)
      return std::to_string(L.Ordinal);
    std::optional<SourceText::Range> R = Src.range(L.E->getSourceRange());
    if (!R)
      return fail();
    std::string T = Src.text(*R);
    return armText(T, "");
  }

  /// What node() writes, kept apart (for a guarded block).
  std::string pending(const SwitchNode &N, const std::string &Ind) {
    std::string Saved = std::move(Out);
    Out.clear();
    node(N, Ind);
    std::swap(Saved, Out);
    return Saved;
  }

  /// The texts the groups of N give something, each with its groups; the
  /// one of the default (or of the most groups) last, to be taken without
  /// a test.
  using Choices = std::vector<std::pair<std::string, std::vector<unsigned>>>;
  Choices choices(const SwitchNode &N,
                  llvm::function_ref<std::string(unsigned)> TextOf) {
    Choices Out;
    for (unsigned G : N.Groups) {
      std::string T = TextOf(G);
      auto It = llvm::find_if(Out, [&](auto &O) { return O.first == T; });
      if (It == Out.end())
        Out.push_back({T, {G}});
      else
        It->second.push_back(G);
    }
    auto Rank = [&](auto &E) {
      return std::make_pair(Default && llvm::is_contained(E.second, *Default),
                            E.second.size());
    };
    auto Last = llvm::max_element(
        Out, [&](auto &A, auto &B) { return Rank(A) < Rank(B); });
    std::rotate(Last, Last + 1, Out.end());
    return Out;
  }

  /// `{ T v = <the right-hand sides melded>; if (..) a = v; else b = v; }`:
  /// the groups' stores to their own variables.
  void splitStore(const SwitchNode &N, const std::vector<Sub> &Subs,
                  const std::string &Ind) {
    auto *A = cast<BinaryOperator>(cast<Expr>(N.S)->IgnoreParens());
    std::string T = V + "_v", Op = A->getOpcodeStr().str();
    Choices Stores = choices(N, [&](unsigned G) {
      for (const SwitchMember &Mem : N.Members)
        if (Mem.Group == G && Mem.SplitStore)
          return exprText(
              cast<BinaryOperator>(cast<Expr>(Mem.S)->IgnoreParens())->getLHS(),
              {});
      return exprText(A->getLHS(), {});
    });
    Out += Ind + "{ " + Src.typeName(A->getRHS()->getType()) + " " + T + " = " +
           exprText(A->getRHS(), Subs) + ";";
    for (size_t I = 0; I + 1 < Stores.size(); ++I)
      Out += std::string(I ? " else" : "") + " if (" + test(Stores[I].second) +
             ") " + Stores[I].first + " " + Op + " " + T + ";";
    Out += std::string(Stores.size() > 1 ? " else " : " ") +
           Stores.back().first + " " + Op + " " + T + "; }\n";
  }

  /// The text group G gives the operand X of the pivot's statement.
  std::string armOf(const SwitchNode &N, unsigned G, SourceText::Range X) {
    if (G == M.Pivot)
      return Src.text(X);
    std::vector<Sub> Inner;
    for (const SwitchMember &Mem : N.Members) {
      if (Mem.Group != G)
        continue;
      for (const OperandSelect &S : Mem.Own.Selects) {
        std::optional<SourceText::Range> A = Src.range(S.A->getSourceRange());
        std::optional<SourceText::Range> B = Src.range(S.B->getSourceRange());
        if (!A || !B)
          return fail();
        if (sameRange(*A, X))
          return Src.text(*B); // the caller casts the arm
        if (within(*A, X) &&
            llvm::none_of(Inner, [&](const Sub &O) { return sameRange(O.first, *A); }))
          Inner.push_back({*A, armText(Src.text(*B), S.Cast)});
      }
    }
    std::sort(Inner.begin(), Inner.end(), [](const Sub &A, const Sub &B) {
      return A.first.Begin < B.first.Begin;
    });
    for (size_t I = 1; I < Inner.size(); ++I)
      if (Inner[I].first.Begin < Inner[I - 1].first.End)
        return fail();
    return Src.respell(X, Inner);
  }

  /// In OpenCL, the chain as nested select() built-ins, when every arm may
  /// be evaluated (no load, store, call, division or side effect) and the
  /// operand is a scalar of an arithmetic type: NVIDIA's OpenCL compiler
  /// kept a chain of `?:` as branches inside a loop (SW4 in
  /// benchmarks/meld: 1.17x the original's time; 0.235x with select()).
  std::optional<std::string>
  builtinChain(const SwitchNode &N,
               llvm::ArrayRef<std::pair<SourceText::Range, const OperandSelect *>> Sites,
               SourceText::Range X, const Expr *XA, const Choices &Arms,
               bool ArmsCast) {
    QualType T = XA->getType().getCanonicalType().getUnqualifiedType();
    if (!Ctx.getLangOpts().OpenCL || !T->isArithmeticType() ||
        T->isBooleanType() || !T->isBuiltinType() || !speculatable(XA))
      return std::nullopt;
    for (auto &[Y, S] : Sites)
      if (within(Y, X) && !speculatable(S->B))
        return std::nullopt;
    std::string CondType;
    switch (Ctx.getTypeSize(T)) {
    case 8: CondType = "(char)"; break;
    case 16: CondType = "(short)"; break;
    case 64: CondType = "(long)"; break;
    default: break;
    }
    // An arm of another type would make the overload ambiguous (arms
    // already cast to the operand's type need nothing more).
    auto Typed = [&](const std::string &A, unsigned G) {
      const Expr *E = armExpr(N, G, X, XA)->IgnoreParenImpCasts();
      return ArmsCast ||
                     E->getType().getCanonicalType().getUnqualifiedType() == T
                 ? A
                 : "(" + Src.typeName(T) + ")" + A;
    };
    std::string C = Typed(Arms.back().first, Arms.back().second[0]);
    for (size_t I = Arms.size() - 1; I-- > 0;) {
      std::string Test = test(Arms[I].second, " | ");
      if (!CondType.empty())
        Test = CondType + "(" + Test + ")";
      C = "select(" + C + ", " + Typed(Arms[I].first, Arms[I].second[0]) +
          ", " + Test + ")";
    }
    return C;
  }

  /// The expression whose value group G's arm at X is (its type).
  const Expr *armExpr(const SwitchNode &N, unsigned G, SourceText::Range X,
                      const Expr *XA) {
    for (const SwitchMember &Mem : N.Members)
      if (Mem.Group == G)
        for (const OperandSelect &S : Mem.Own.Selects)
          if (std::optional<SourceText::Range> A =
                  Src.range(S.A->getSourceRange());
              A && sameRange(*A, X) && S.Cast.empty())
            return S.B;
    return XA;
  }

  /// The chains of selects of a shared node, at the outermost operands any
  /// group selects.
  std::vector<Sub> subs(const SwitchNode &N) {
    std::vector<std::pair<SourceText::Range, const OperandSelect *>> Sites;
    for (const SwitchMember &Mem : N.Members)
      for (const OperandSelect &S : Mem.Own.Selects) {
        std::optional<SourceText::Range> A = Src.range(S.A->getSourceRange());
        if (!A) {
          fail();
          return {};
        }
        Sites.push_back({*A, &S});
      }
    std::vector<Sub> Out;
    for (auto &[X, S] : Sites) {
      bool Inner = llvm::any_of(Sites, [&](auto &O) {
        return within(X, O.first) && !sameRange(X, O.first);
      });
      if (Inner || llvm::any_of(Out, [&](const Sub &O) { return sameRange(O.first, X); }))
        continue;
      std::string Cast, Wrap;
      for (auto &[Y, T] : Sites)
        if (sameRange(X, Y)) {
          Cast = Cast.empty() ? T->Cast : Cast;
          Wrap = Wrap.empty() ? T->Wrap : Wrap;
        }
      Choices Arms = choices(N, [&](unsigned G) {
        return armText(armOf(N, G, X), Cast);
      });
      if (Arms.size() < 2)
        continue;
      if (std::optional<std::string> B =
              builtinChain(N, Sites, X, S->A, Arms, !Cast.empty())) {
        Out.push_back({X, *B});
        continue;
      }
      std::string C = Arms.back().first;
      for (size_t I = Arms.size() - 1; I-- > 0;)
        C = choice(Arms[I].second) + " ? " + Arms[I].first + " : " + C;
      Out.push_back({X, Wrap.empty() ? "(" + C + ")" : "(" + Wrap + "(" + C + "))"});
    }
    std::sort(Out.begin(), Out.end(), [](const Sub &A, const Sub &B) {
      return A.first.Begin < B.first.Begin;
    });
    return Out;
  }

  std::string respell(std::optional<SourceText::Range> R,
                      const std::vector<Sub> &All) {
    if (!R)
      return fail();
    std::vector<Sub> In;
    for (const Sub &S : All)
      if (within(S.first, *R))
        In.push_back(S);
    return Src.respell(*R, In);
  }

  std::string exprText(const Expr *X, const std::vector<Sub> &Subs) {
    return X ? respell(Src.range(X->getSourceRange()), Subs) : "";
  }

  std::string stmtText(const Stmt *S, const std::vector<Sub> &Subs,
                       bool Bare = false) {
    std::string T = respell(Src.stmtRange(S), Subs);
    while (Bare && !T.empty() && (T.back() == ';' || isspace(T.back())))
      T.pop_back();
    return T;
  }

  void body(const std::vector<SwitchNode> &Seq, const SwitchNode &N,
            const std::string &Ind) {
    Out += " {\n";
    sequence(Seq, N.Groups, Ind + "    ");
    Out += Ind + "}";
  }

  void node(const SwitchNode &N, const std::string &Ind) {
    if (N.Members.empty()) {
      Out += Ind + stmtText(N.S, {}) + "\n";
      return;
    }
    std::vector<Sub> Subs = subs(N);
    switch (N.Shape) {
    case MeldNode::Simple:
      if (N.SplitStore)
        splitStore(N, Subs, Ind);
      else
        Out += Ind + stmtText(N.S, Subs) + "\n";
      return;
    case MeldNode::If: {
      auto *If = cast<IfStmt>(N.S);
      Out += Ind + "if (" + exprText(If->getCond(), Subs) + ")";
      body(N.First, N, Ind);
      if (!N.Second.empty()) {
        Out += " else";
        body(N.Second, N, Ind);
      }
      Out += "\n";
      return;
    }
    case MeldNode::For: {
      auto *F = cast<ForStmt>(N.S);
      Out += Ind + "for (" +
             (F->getInit() ? stmtText(F->getInit(), Subs, true) : "") + "; " +
             exprText(F->getCond(), Subs) + "; " + exprText(F->getInc(), Subs) +
             ")";
      body(N.First, N, Ind);
      Out += "\n";
      return;
    }
    case MeldNode::While:
      Out += Ind + "while (" + exprText(cast<WhileStmt>(N.S)->getCond(), Subs) +
             ")";
      body(N.First, N, Ind);
      Out += "\n";
      return;
    case MeldNode::Do:
      Out += Ind + "do";
      body(N.First, N, Ind);
      Out += " while (" + exprText(cast<DoStmt>(N.S)->getCond(), Subs) + ");\n";
      return;
    case MeldNode::Block:
      Out += Ind + "{\n";
      sequence(N.First, N.Groups, Ind + "    ");
      Out += Ind + "}\n";
      return;
    }
  }
};

/// `T v = (cond)` for a switch; `int v = (a) ? 0 : (b) ? 1 : 2` for a
/// chain (each condition once, in the chain's order, as the chain does).
std::optional<std::string> valueText(const SourceText &Src,
                                     const MeldedSwitch &M) {
  if (M.Switch) {
    std::optional<SourceText::Range> Cond =
        Src.range(M.Switch->getCond()->getSourceRange());
    if (!Cond)
      return std::nullopt;
    return Src.typeName(M.Switch->getCond()->getType()) + " " + M.ValueName +
           " = (" + Src.text(*Cond) + ")";
  }
  std::string T = "int " + M.ValueName + " = ";
  for (unsigned I = 0; I < M.ChainConds.size(); ++I) {
    std::optional<SourceText::Range> Cond =
        Src.range(M.ChainConds[I]->getSourceRange());
    if (!Cond)
      return std::nullopt;
    T += "(" + Src.text(*Cond) + ") ? " + std::to_string(I) + " : ";
  }
  return T + std::to_string(M.ChainConds.size());
}

} // namespace

std::optional<std::string> meldedSwitchText(ASTContext &Ctx,
                                            const SourceText &Src,
                                            const MeldedSwitch &M) {
  std::optional<std::string> Value = valueText(Src, M);
  if (!Value)
    return std::nullopt;
  std::string Ind = Src.indentAt(M.root()->getBeginLoc());
  SwitchWriter W(Ctx, Src, M);
  W.Out = "{ /* tdrc meld: the " + std::to_string(M.Groups.size()) +
          (M.Chain ? " paths of this if/else-if chain" : " cases of this switch") +
          " in one (similarity " + twoDecimals(M.Similarity) + ") */\n" + Ind +
          "    const " + *Value + ";\n";
  std::vector<unsigned> All(M.Groups.size());
  for (unsigned G = 0; G < All.size(); ++G)
    All[G] = G;
  std::string Guard = W.test(All);
  std::string In = Guard.empty() ? Ind + "    " : Ind + "        ";
  if (!Guard.empty())
    W.Out += Ind + "    if (" + Guard + ") {\n";
  W.sequence(M.Seq, All, In);
  if (!Guard.empty())
    W.Out += Ind + "    }\n";
  if (!W.Ok)
    return std::nullopt;
  return W.Out + Ind + "}";
}

} // namespace tdrc
