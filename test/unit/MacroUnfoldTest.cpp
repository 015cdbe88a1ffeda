//===- MacroUnfoldTest.cpp - Macro expansions spelled as code -------------===//
#include "tdrc/Rewriter/MacroText.h"
#include "tdrc/Rewriter/MacroUnfold.h"
#include "gtest/gtest.h"

using namespace tdrc;
using clang::tok::TokenKind;
namespace tok = clang::tok;

namespace {

MacroToken T(TokenKind K, const char *S) { return {K, S}; }
MacroToken Id(const char *S) { return {tok::identifier, S}; }
MacroToken Num(const char *S) { return {tok::numeric_constant, S}; }

} // namespace

TEST(MacroText, OneStatementPerLineBlocksIndented) {
  std::vector<MacroToken> Toks = {
      T(tok::kw_if, "if"),    T(tok::l_paren, "("), Id("c"),
      T(tok::r_paren, ")"),   T(tok::l_brace, "{"), Id("a"),
      T(tok::equal, "="),     Num("1"),             T(tok::semi, ";"),
      Id("b"),                T(tok::equal, "="),   T(tok::minus, "-"),
      Id("c"),                T(tok::semi, ";"),    T(tok::r_brace, "}"),
      T(tok::kw_else, "else"), T(tok::l_brace, "{"), Id("f"),
      T(tok::l_paren, "("),   Id("x"),              T(tok::comma, ","),
      Id("y"),                T(tok::r_paren, ")"), T(tok::semi, ";"),
      T(tok::r_brace, "}")};
  EXPECT_EQ(formatMacroTokens(Toks, "    "),
            "if (c) {\n"
            "      a = 1;\n"
            "      b = -c;\n"
            "    } else {\n"
            "      f(x, y);\n"
            "    }");
}

TEST(MacroText, NeverGluesTokensIntoOthers) {
  // a - -b, not a--b; 1 .x would lex as 1. and x.
  std::vector<MacroToken> Toks = {Id("a"), T(tok::minus, "-"),
                                  T(tok::minus, "-"), Id("b")};
  EXPECT_EQ(formatMacroTokens(Toks, ""), "a - -b");
  std::vector<MacroToken> Neg = {T(tok::minus, "-"), T(tok::minus, "-"),
                                 Id("b")};
  EXPECT_EQ(formatMacroTokens(Neg, ""), "- -b");
  std::vector<MacroToken> Dot = {Num("1"), T(tok::period, "."), Id("x")};
  EXPECT_EQ(formatMacroTokens(Dot, ""), "1 .x");
  std::vector<MacroToken> Post = {Id("i"), T(tok::plusplus, "++"),
                                  T(tok::plus, "+"), Id("j")};
  EXPECT_EQ(formatMacroTokens(Post, ""), "i++ + j");
}

TEST(MacroText, InitializerListsAndCaseLabelsStayOnTheLine) {
  std::vector<MacroToken> Toks = {
      Id("int"), Id("a"), T(tok::l_square, "["), T(tok::r_square, "]"),
      T(tok::equal, "="), T(tok::l_brace, "{"), Num("1"), T(tok::comma, ","),
      Num("2"), T(tok::r_brace, "}"), T(tok::semi, ";"),
      T(tok::kw_case, "case"), Num("3"), T(tok::colon, ":"), Id("x"),
      T(tok::question, "?"), Id("y"), T(tok::colon, ":"), Id("z"),
      T(tok::semi, ";")};
  EXPECT_EQ(formatMacroTokens(Toks, ""),
            "int a[] = {1, 2};\ncase 3: x ? y : z;");
}

TEST(MacroText, DoWhileZeroBecomesABlockOnlyWhenPlain) {
  auto Loop = [](bool Plain) {
    return std::vector<MacroToken>{
        {tok::kw_do, "do", Plain}, T(tok::l_brace, "{"), Id("f"),
        T(tok::l_paren, "("), T(tok::r_paren, ")"), T(tok::semi, ";"),
        T(tok::r_brace, "}"), T(tok::kw_while, "while"),
        T(tok::l_paren, "("), Num("0"), T(tok::r_paren, ")")};
  };
  std::vector<MacroToken> A = Loop(true);
  EXPECT_TRUE(dropDoWhileZero(A, /*SemiAfter=*/true));
  EXPECT_EQ(formatMacroTokens(A, ""), "{\n  f();\n}");
  // No `;` after the invocation: `if (c) M else ...` needs the loop.
  std::vector<MacroToken> B = Loop(true);
  EXPECT_FALSE(dropDoWhileZero(B, /*SemiAfter=*/false));
  EXPECT_EQ(B.size(), 11u);
  // A break or continue leaves it (the AST said so: not plain).
  std::vector<MacroToken> C = Loop(false);
  EXPECT_FALSE(dropDoWhileZero(C, true));
  EXPECT_EQ(C.size(), 11u);
  // Inside the expansion, with its own `;`.
  std::vector<MacroToken> D = Loop(true);
  D.push_back(T(tok::semi, ";"));
  D.push_back(Id("g"));
  D.push_back(T(tok::semi, ";"));
  EXPECT_FALSE(dropDoWhileZero(D, false));
  EXPECT_EQ(formatMacroTokens(D, ""), "{\n  f();\n}\ng;");
}

TEST(MacroText, LabelIsOneLineAndCannotCloseTheComment) {
  EXPECT_EQ(invocationLabel("STEP(a,\n     b */ c)"), "STEP(a, b * / c)");
  EXPECT_EQ(invocationLabel("X(/*y*/)"), "X(/ *y* /)");
  EXPECT_EQ(invocationLabel(std::string(100, 'a'), 10), "aaaaaaa...");
}

TEST(MacroUnfold, ApplyAndDropMarkersRestoreTheLines) {
  std::string Code = "{\n  M(x);\n  y = 1;\n}\n";
  KernelUnfolds K{"k", {}};
  MacroUnfold U;
  U.Begin = 4;
  U.End = 9; // M(x);
  U.Macro = "M";
  U.Spelled = "M(x);";
  U.Text = "/* tdrc: unfolded M(x); */\n#line 2 /* tdrc: unfolded macro */\n"
           "  {\n#line 2 /* tdrc: unfolded macro */\n  }";
  U.Line = 2;
  U.Marker = true;
  U.NextLineOffset = 10;
  U.NextLine = 3;
  K.Unfolds.push_back(U);
  const KernelUnfolds *Ks[] = {&K};
  UnfoldedSource S = applyUnfolds(Code, Ks);
  EXPECT_EQ(S.Text, "{\n  /* tdrc: unfolded M(x); */\n"
                    "#line 2 /* tdrc: unfolded macro */\n  {\n"
                    "#line 2 /* tdrc: unfolded macro */\n  }\n"
                    "#line 3 /* tdrc: unfolded macro */\n  y = 1;\n}\n");
  ASSERT_EQ(S.Spans.size(), 1u);
  EXPECT_EQ(S.Text.substr(S.Spans[0].Begin,
                          S.Spans[0].End - S.Spans[0].Begin),
            U.Text);
  EXPECT_EQ(dropUnfoldMarkers(S.Text),
            "{\n  /* tdrc: unfolded M(x); */\n  {\n  }\n  y = 1;\n}\n");
  // A user's own #line stays.
  EXPECT_EQ(dropUnfoldMarkers("#line 7\nx\n"), "#line 7\nx\n");
}
