//===- TdrPragmasTest.cpp - Units for reading and attaching #pragma tdr ---===//
#include "tdrc/Rewriter/TdrPragmas.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace clang;
using namespace tdrc;

namespace {

/// What attachTdrPragmas made of a source, as sorted lines of text:
/// "L<line> if|switch|loop target skip algo=hot|dgi n=N from L<line>", "off <name>
/// from L<line>" and "W<line>:<col> <message>".
struct Summary {
  std::vector<std::string> Attached, Warnings;
};

class SummaryConsumer : public ASTConsumer {
public:
  SummaryConsumer(std::shared_ptr<TdrPragmaLog> Log, Summary &Out)
      : Log(std::move(Log)), Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    auto Line = [&](SourceLocation L) {
      return std::to_string(SM.getPresumedLoc(L).getLine());
    };
    TdrDirectives Dirs = attachTdrPragmas(Ctx, *Log);
    for (auto &[S, D] : Dirs.Branches) {
      std::string T =
          "L" + Line(S->getBeginLoc()) +
          (isa<IfStmt>(S)                       ? " if"
           : isa<SwitchStmt>(S)                 ? " switch"
           : isa<ForStmt, WhileStmt, DoStmt>(S) ? " loop"
                                                : " ?");
      T += D.Target ? " target" : "";
      T += D.Skip ? " skip" : "";
      if (D.Algo)
        T += *D.Algo == Algorithm::DGI ? " algo=dgi" : " algo=hot";
      if (D.Neighbors)
        T += " n=" + std::to_string(*D.Neighbors);
      for (const auto &[Name, On] : D.Transforms)
        T += std::string(" transforms=") + (On ? "" : "-") + Name;
      Out.Attached.push_back(T + " from L" + Line(D.Loc));
    }
    for (auto &[FD, L] : Dirs.Off)
      Out.Attached.push_back("off " + FD->getNameAsString() + " from L" +
                             Line(L));
    for (const TdrWarning &W : Log->Warnings) {
      PresumedLoc P = SM.getPresumedLoc(W.Loc);
      Out.Warnings.push_back("W" + std::to_string(P.getLine()) + ":" +
                             std::to_string(P.getColumn()) + " " + W.Message);
    }
    std::sort(Out.Attached.begin(), Out.Attached.end());
    std::sort(Out.Warnings.begin(), Out.Warnings.end(), byLine);
  }

private:
  /// "W<line>:<col> ..." in line, then column order.
  static bool byLine(const std::string &A, const std::string &B) {
    auto Key = [](const std::string &S) {
      return std::make_pair(std::stoul(S.substr(1)),
                            std::stoul(S.substr(S.find(':') + 1)));
    };
    return Key(A) < Key(B);
  }

  std::shared_ptr<TdrPragmaLog> Log;
  Summary &Out;
};

class SummaryAction : public ASTFrontendAction {
public:
  explicit SummaryAction(Summary &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<SummaryConsumer>(
        registerTdrPragmas(CI.getPreprocessor()), Out);
  }

private:
  Summary &Out;
};

Summary read(const std::string &Code) {
  Summary S;
  EXPECT_TRUE(tooling::runToolOnCodeWithArgs(
      std::make_unique<SummaryAction>(S), Code,
      {"-xcl", "-cl-std=CL1.2", "-w", "-resource-dir=" TDRC_CLANG_RESOURCE_DIR},
      "input.cl"));
  return S;
}

using Lines = std::vector<std::string>;

TEST(TdrPragmas, ValidFormsAttachToTheFollowingBranch) {
  Summary S = read(R"(__kernel void k(__global int *p) {
#pragma tdr target algorithm(dgi) neighbors(32)
  if (p[0]) p[1] = 1;
#pragma tdr skip
  // a comment, a blank line and another tdr line may come between

#pragma tdr skip
  if (p[2]) p[3] = 1; else p[3] = 2;
  #pragma tdr neighbors(64)
  /* block */ switch (p[4]) { case 0: p[5] = 1; break; default: break; }
#pragma tdr algorithm(hot)
  if (p[6]) p[7] = 1;
})");
  EXPECT_EQ(
      S.Attached,
      (Lines{"L10 switch n=64 from L9", "L12 if algo=hot from L11",
             "L3 if target algo=dgi n=32 from L2", "L8 if skip from L4"}));
  EXPECT_EQ(S.Warnings, Lines{});
}

TEST(TdrPragmas, MeldIsTargetWithMeldAlone) {
  Summary S = read(R"(__kernel void k(__global int *p) {
#pragma tdr meld
  if (p[0]) p[1] = 1; else p[1] = 2;
#pragma tdr meld target
  if (p[2]) p[3] = 1; else p[3] = 2;
})");
  EXPECT_EQ(S.Attached, Lines{"L3 if target transforms=meld from L2"});
  EXPECT_EQ(S.Warnings,
            Lines{"W4:18 '#pragma tdr': 'target' given twice; line ignored"});
}

TEST(TdrPragmas, OffAttachesToTheFollowingKernel) {
  Summary S = read(R"(#pragma tdr off
__attribute__((reqd_work_group_size(64, 1, 1))) __kernel void a(__global int *p) {}
#pragma tdr off
kernel void b(__global int *p) { if (p[0]) p[1] = 1; }
__kernel void c(__global int *p) {}
)");
  EXPECT_EQ(S.Attached, (Lines{"off a from L1", "off b from L3"}));
  EXPECT_EQ(S.Warnings, Lines{});
}

TEST(TdrPragmas, MalformedLinesWarnAtTheTokenAndAreDropped) {
  Summary S = read(R"(#pragma tdr
#pragma tdr Target
#pragma tdr target skip
#pragma tdr algorithm dgi
#pragma tdr algorithm(dgi
#pragma tdr algorithm(dgi))
#pragma tdr neighbors(48)
#pragma tdr off skip
#pragma tdr skip skip
#pragma tdr neighbors(16) algorithm(hot)
__kernel void k(__global int *p) {
  if (p[0]) p[1] = 1;
})");
  EXPECT_EQ(S.Attached, Lines{});
  const std::string Known = " (expected target, skip, off, meld, split, "
                            "algorithm(hot|dgi), neighbors(16|32|64) or transforms(...))";
  EXPECT_EQ(S.Warnings,
            (Lines{"W1:9 empty '#pragma tdr'" + Known + "; line ignored",
                   "W2:13 '#pragma tdr': unknown directive 'Target'" + Known +
                       "; line ignored",
                   "W3:20 '#pragma tdr': 'skip' cannot be combined with "
                   "'target'; line ignored",
                   "W4:23 '#pragma tdr': expected '(' after 'algorithm', "
                   "found 'dgi'; line ignored",
                   "W5:26 '#pragma tdr': expected ')' after 'algorithm(dgi', "
                   "found end of line; line ignored",
                   "W6:27 '#pragma tdr': unexpected ')'; line ignored",
                   "W7:23 '#pragma tdr': expected 16, 32 or 64 in "
                   "'neighbors(...)', found '48'; line ignored",
                   "W8:17 '#pragma tdr': 'skip' cannot be combined with "
                   "'off'; line ignored",
                   "W9:18 '#pragma tdr': 'skip' given twice; line ignored",
                   "W10:27 '#pragma tdr': 'algorithm(hot)' cannot be "
                   "combined with 'neighbors(16)'; line ignored"}));
}

TEST(TdrPragmas, MisplacedLinesWarn) {
  Summary S = read(R"(#pragma tdr off
void helper(__global int *p) {
#pragma tdr skip
  if (p[0]) p[1] = 1;
}
#pragma tdr skip
__kernel void k(__global int *p) {
#pragma tdr target
  p[0] = 0; p[1] = 0;
#pragma tdr off
  if (p[0]) p[1] = 1;
  if (p[1]) p[2] = 1;
  else
#pragma tdr skip
  if (p[2]) p[3] = 1;
#pragma tdr skip
#if 1
  if (p[3]) p[4] = 1;
#endif
#pragma tdr skip
})");
  EXPECT_EQ(S.Attached, Lines{});
  EXPECT_EQ(
      S.Warnings,
      (Lines{"W1:13 '#pragma tdr off' must be followed by a __kernel function "
             "definition; ignored",
             "W3:13 '#pragma tdr skip' applies to branches and loops of "
             "__kernel functions only; ignored",
             "W6:13 '#pragma tdr skip' must be followed by an if, switch or "
             "loop statement; ignored",
             "W8:13 '#pragma tdr target' must be followed by an if, switch or "
             "loop statement; ignored",
             "W10:13 '#pragma tdr off' must be followed by a __kernel "
             "function definition; ignored",
             "W14:13 '#pragma tdr skip' cannot apply to an 'else if' alone; "
             "put it before the chain's first 'if'; ignored",
             "W16:13 '#pragma tdr skip' must be followed by an if, switch or "
             "loop statement; ignored",
             "W20:13 '#pragma tdr skip' must be followed by an if, switch or "
             "loop statement; ignored"}));
}

TEST(TdrPragmas, LoopLinesAttach) {
  Summary S = read(R"(__kernel void k(__global int *p) {
#pragma tdr split
  for (int i = 0; i < p[0]; ++i) p[i] = 0;
#pragma tdr skip
  while (p[1] > 0) p[1] -= 2;
#pragma tdr target transforms(dwa)
  do { p[2] -= 1; } while (p[2] > 0);
#pragma tdr algorithm(dgi)
#pragma tdr skip
  for (int i = 0; i < 4; ++i) p[i] += 1;
#pragma tdr meld
  for (int i = 0; i < 4; ++i) p[i] += 2;
#pragma tdr transforms(-remap, loopsplit)
  for (int i = 0; i < 4; ++i) p[i] += 3;
#pragma tdr target
#pragma tdr transforms(-loopsplit)
  for (int i = 0; i < 4; ++i) p[i] += 4;
})");
  EXPECT_EQ(S.Attached,
            (Lines{"L10 loop skip from L8",
                   "L14 loop transforms=loopsplit from L13",
                   "L17 loop target transforms=-loopsplit from L15",
                   "L3 loop target transforms=loopsplit from L2",
                   "L5 loop skip from L4",
                   "L7 loop target transforms=dwa from L6"}));
  EXPECT_EQ(
      S.Warnings,
      (Lines{"W8:13 '#pragma tdr algorithm(dgi)' chooses a remap round's "
             "algorithm and applies to branches, not loops; ignored",
             "W11:13 the transform 'meld' changes branches, not loops; every "
             "'#pragma tdr' of this loop is ignored"}));
}

TEST(TdrPragmas, ContradictionsDropTheWholeBranch) {
  Summary S = read(R"(__kernel void k(__global int *p) {
#pragma tdr target
#pragma tdr skip
  if (p[0]) p[1] = 1;
#pragma tdr algorithm(dgi)
#pragma tdr target algorithm(hot)
  if (p[1]) p[2] = 1;
#pragma tdr neighbors(16)
#pragma tdr neighbors(32)
  if (p[2]) p[3] = 1;
#pragma tdr neighbors(32)
#pragma tdr algorithm(hot)
  if (p[3]) p[4] = 1;
#pragma tdr target neighbors(32)
#pragma tdr neighbors(32) target
  if (p[4]) p[5] = 1;
})");
  EXPECT_EQ(S.Attached, Lines{"L16 if target n=32 from L14"});
  const std::string All = "; every '#pragma tdr' of this branch is ignored";
  EXPECT_EQ(S.Warnings,
            (Lines{"W3:13 '#pragma tdr skip' contradicts '#pragma tdr "
                   "target' at 2:13" +
                       All,
                   "W6:20 '#pragma tdr algorithm(hot)' contradicts '#pragma "
                   "tdr algorithm(dgi)' at 5:13" +
                       All,
                   "W9:13 '#pragma tdr neighbors(32)' contradicts '#pragma "
                   "tdr neighbors(16)' at 8:13" +
                       All,
                   "W12:13 '#pragma tdr algorithm(hot)' contradicts '#pragma "
                   "tdr neighbors(32)' at 11:13" +
                       All}));
}

TEST(TdrPragmas, HeadOrTailOnManyPathsIsDropped) {
  Summary S = read(R"(__kernel void k(__global int *p) {
#pragma tdr target algorithm(hot)
  switch (p[0]) { case 0: p[1] = 1; break; case 1: p[1] = 2; break; }
#pragma tdr algorithm(hot)
  if (p[1]) p[2] = 1; else if (p[2]) p[2] = 2; else p[2] = 3;
#pragma tdr algorithm(hot)
  switch (p[3]) { case 0: p[4] = 1; break; default: p[4] = 2; }
})");
  EXPECT_EQ(S.Attached,
            (Lines{"L3 switch target from L2", "L7 switch algo=hot from L6"}));
  EXPECT_EQ(S.Warnings,
            (Lines{"W2:20 Head-or-Tail handles two paths only and this "
                   "branch has 3; 'algorithm(hot)' ignored",
                   "W4:13 Head-or-Tail handles two paths only and this "
                   "branch has 3; 'algorithm(hot)' ignored"}));
}

TEST(TdrPragmas, MacroBranchesAttachWhereTheMacroStarts) {
  Summary S = read(R"(#define BRANCH(c) if (c) p[1] = 1
#define LATE(c) p[0] = 0; if (c) p[1] = 1
#define SKIP _Pragma("tdr skip")
__kernel void k(__global int *p) {
#pragma tdr skip
  BRANCH(p[0]);
#pragma tdr skip
  LATE(p[0]);
  SKIP
  if (p[2]) p[3] = 1;
})");
  EXPECT_EQ(S.Attached, Lines{"L6 if skip from L5"});
  EXPECT_EQ(S.Warnings,
            (Lines{"W7:13 '#pragma tdr skip' must be followed by an if, "
                   "switch or loop statement; ignored",
                   "W9:3 '#pragma tdr' is read only as a line of its own, "
                   "not through _Pragma; ignored"}));
}

} // namespace
