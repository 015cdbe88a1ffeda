//===- MeldEmitter.cpp - The text of a melded branch -----------------------===//
//
// A melded if/else becomes a block: the condition, evaluated once into a
// const bool, then the melded sequence.  A pair is the then-side's statement
// with each differing operand replaced by `(c ? a : b)`; a region pair is
// its own header so respelled, around its melded bodies; consecutive
// statements of one side go under one `if (c)` / `if (!c)`; a declaration
// of one side is split into the declaration and a guarded assignment (its
// scope is the melded block's).  Statements keep their own text, so macros
// used inside them stay as they were.
//
//===----------------------------------------------------------------------===//
#include "MeldEmitter.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include <algorithm>

using namespace clang;

namespace tdrc {

namespace {

bool simpleToken(llvm::StringRef T) {
  return !T.empty() && llvm::all_of(T, [](char C) {
    return isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.';
  });
}

class Writer {
public:
  Writer(const SourceText &Src, std::string Cond) : Src(Src), C(std::move(Cond)) {}
  bool Ok = true;

  std::string arm(const Expr *X, const std::string &Cast) {
    std::optional<SourceText::Range> R = Src.range(X->getSourceRange());
    if (!R)
      return fail();
    return armText(Src.text(*R), Cast);
  }

  /// The text of R with the selects of M that lie inside it applied.
  std::string respell(std::optional<SourceText::Range> R, const ExprMeld &M) {
    if (!R)
      return fail();
    std::vector<std::pair<SourceText::Range, std::string>> Subs;
    for (const OperandSelect &S : M.Selects) {
      std::optional<SourceText::Range> SR = Src.range(S.A->getSourceRange());
      if (!SR)
        return fail();
      if (SR->Begin < R->Begin || SR->End > R->End)
        continue; // another part of the region's header
      std::string Sel = "(" + C + " ? " + arm(S.A, S.Cast) + " : " +
                        arm(S.B, S.Cast) + ")";
      Subs.push_back({*SR, S.Wrap.empty() ? Sel : "(" + S.Wrap + Sel + ")"});
    }
    std::sort(Subs.begin(), Subs.end(),
              [](auto &X, auto &Y) { return X.first.Begin < Y.first.Begin; });
    for (size_t I = 1; I < Subs.size(); ++I)
      if (Subs[I].first.Begin < Subs[I - 1].first.End) {
        // One macro argument expanded twice is one operand.
        if (Subs[I].first.Begin == Subs[I - 1].first.Begin &&
            Subs[I].first.End == Subs[I - 1].first.End &&
            Subs[I].second == Subs[I - 1].second)
          continue;
        return fail();
      }
    return Src.respell(*R, Subs);
  }

  std::string exprText(const Expr *X, const ExprMeld &M) {
    return X ? respell(Src.range(X->getSourceRange()), M) : "";
  }

  /// A statement's text, without a trailing semicolon when Bare.
  std::string stmtText(const Stmt *S, const ExprMeld &M, bool Bare = false) {
    std::string T = respell(Src.stmtRange(S), M);
    if (Bare) {
      while (!T.empty() && (T.back() == ';' || isspace(T.back())))
        T.pop_back();
    }
    return T;
  }

  void sequence(const std::vector<MeldNode> &Seq, const std::string &Ind) {
    for (size_t I = 0; I < Seq.size() && Ok;) {
      if (Seq[I].K == MeldNode::Pair) {
        pair(Seq[I++], Ind);
        continue;
      }
      // A run of statements of one side stays one block under one guard,
      // as it was one block of the original (compilers treat a block's
      // arithmetic as a whole: NVIDIA's OpenCL rounded an LBM kernel's
      // divisions differently when its statements had a guard each).  The
      // run's declarations go before the guard, their initialisers become
      // assignments inside it.
      MeldNode::Kind K = Seq[I].K;
      size_t End = I;
      while (End < Seq.size() && Seq[End].K == K)
        ++End;
      auto Side = [&](size_t J) { return K == MeldNode::OnlyA ? Seq[J].A : Seq[J].B; };
      for (size_t J = I; J < End; ++J)
        if (auto *DS = dyn_cast<DeclStmt>(Side(J)))
          for (const Decl *D : DS->decls())
            Out += Ind + Src.declaration(cast<VarDecl>(D)) + ";\n";
      std::string Block;
      for (size_t J = I; J < End; ++J) {
        auto *DS = dyn_cast<DeclStmt>(Side(J));
        if (!DS) {
          Block += Ind + "    " + stmtText(Side(J), {}) + "\n";
          continue;
        }
        for (const Decl *D : DS->decls())
          if (auto *V = cast<VarDecl>(D); V->getInit())
            Block += Ind + "    " + V->getName().str() + " = " +
                     exprText(V->getInit(), {}) + ";\n";
      }
      if (!Block.empty())
        Out += Ind + "if (" + (K == MeldNode::OnlyA ? C : "!" + C) + ") {\n" +
               Block + Ind + "}\n";
      I = End;
    }
  }

  std::string Out;

private:
  const SourceText &Src;
  std::string C;

  std::string fail() {
    Ok = false;
    return "";
  }

  /// `{ T t = e; if (c) a = t; else b = t; }`: the melded right-hand side
  /// once, each side's own store.
  void splitStore(const MeldNode &N, const std::string &Ind) {
    auto *A = cast<BinaryOperator>(cast<Expr>(N.A)->IgnoreParens());
    auto *B = cast<BinaryOperator>(cast<Expr>(N.B)->IgnoreParens());
    std::string T = C + "_v", Op = A->getOpcodeStr().str();
    Out += Ind + "{ " + Src.typeName(A->getRHS()->getType()) + " " + T +
           " = " + exprText(A->getRHS(), N.Own) + "; if (" + C + ") " +
           exprText(A->getLHS(), {}) + " " + Op + " " + T + "; else " +
           exprText(B->getLHS(), {}) + " " + Op + " " + T + "; }\n";
  }

  void body(const std::vector<MeldNode> &Seq, const std::string &Ind) {
    Out += " {\n";
    sequence(Seq, Ind + "    ");
    Out += Ind + "}";
  }

  void pair(const MeldNode &N, const std::string &Ind) {
    for (llvm::StringRef H = N.Hints; !H.empty();) {
      auto [Line, Rest] = H.split('\n');
      Out += Ind + Line.str() + "\n";
      H = Rest;
    }
    switch (N.S) {
    case MeldNode::Simple:
      if (N.SplitStore)
        splitStore(N, Ind);
      else
        Out += Ind + stmtText(N.A, N.Own) + "\n";
      return;
    case MeldNode::If: {
      auto *If = cast<IfStmt>(N.A);
      Out += Ind + "if (" + exprText(If->getCond(), N.Own) + ")";
      body(N.First, Ind);
      if (!N.Second.empty()) {
        Out += " else";
        body(N.Second, Ind);
      }
      Out += "\n";
      return;
    }
    case MeldNode::For: {
      auto *F = cast<ForStmt>(N.A);
      Out += Ind + "for (" +
             (F->getInit() ? stmtText(F->getInit(), N.Own, true) : "") + "; " +
             exprText(F->getCond(), N.Own) + "; " + exprText(F->getInc(), N.Own) +
             ")";
      body(N.First, Ind);
      Out += "\n";
      return;
    }
    case MeldNode::While:
      Out += Ind + "while (" + exprText(cast<WhileStmt>(N.A)->getCond(), N.Own) +
             ")";
      body(N.First, Ind);
      Out += "\n";
      return;
    case MeldNode::Do:
      Out += Ind + "do";
      body(N.First, Ind);
      Out += " while (" + exprText(cast<DoStmt>(N.A)->getCond(), N.Own) + ");\n";
      return;
    case MeldNode::Block:
      Out += Ind + "{\n";
      sequence(N.First, Ind + "    ");
      Out += Ind + "}\n";
      return;
    }
  }
};

} // namespace

std::string twoDecimals(double V) {
  char Buf[32];
  snprintf(Buf, sizeof Buf, "%.2f", V);
  return Buf;
}

std::string armText(std::string T, const std::string &Cast) {
  if (!Cast.empty())
    return Cast + "(" + T + ")";
  return simpleToken(T) ? T : "(" + T + ")";
}

std::optional<std::string> meldedText(const SourceText &Src,
                                      const MeldedBranch &M) {
  std::optional<SourceText::Range> Cond =
      Src.range(M.If->getCond()->getSourceRange());
  if (!Cond)
    return std::nullopt;
  std::string Ind = Src.indentAt(M.If->getBeginLoc());
  Writer W(Src, M.CondName);
  W.Out = "{ /* tdrc meld: the two sides of this if/else in one (similarity " +
          twoDecimals(M.Similarity) + ") */\n" + Ind + "    const bool " +
          M.CondName + " = (" + Src.text(*Cond) + ");\n";
  W.sequence(M.Seq, Ind + "    ");
  if (!W.Ok)
    return std::nullopt;
  return W.Out + Ind + "}";
}

} // namespace tdrc
