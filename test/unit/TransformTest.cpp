//===- TransformTest.cpp - The transform interface, registry, pass manager ===//
#include "TestAST.h"
#include "tdrc/Rewriter/CodeBuilder.h"
#include "tdrc/Rewriter/PassManager.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "tdrc/TDR/Remap/Strategy.h"
#include "tdrc/TDR/Transform.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace tdrc;
using namespace tdrc::test;

namespace {

std::vector<std::string> select(const char *Spec) {
  llvm::Expected<std::vector<std::string>> S = selectTransforms(Spec);
  if (!S) {
    llvm::consumeError(S.takeError());
    return {"<error>"};
  }
  return *S;
}

TEST(TransformRegistry, SelectionLikeClangTidyChecks) {
  using V = std::vector<std::string>;
  EXPECT_EQ(select(""), (V{"remap", "dwa", "meld"}));
  EXPECT_EQ(select("-remap"), (V{"dwa", "meld"}));
  EXPECT_EQ(select("-*"), V{});
  EXPECT_EQ(select("-*,rem?p"), V{"remap"});
  EXPECT_EQ(select("-*,*a"), V{"dwa"});
  EXPECT_EQ(select("remap,-remap"), (V{"dwa", "meld"}));
  EXPECT_EQ(select(" -dwa , -meld"), V{"remap"});
  EXPECT_EQ(select("fuse"), std::vector<std::string>{"<error>"});
  EXPECT_EQ(select("-nothing*"), std::vector<std::string>{"<error>"});
}

TEST(TransformRegistry, EveryRowMakesItsTransform) {
  for (const TransformInfo &T : registeredTransforms()) {
    std::unique_ptr<Transform> X = T.Make();
    ASSERT_TRUE(X);
    EXPECT_EQ(X->name(), T.Name);
    EXPECT_EQ(findTransform(T.Name), &T);
  }
  EXPECT_EQ(findTransform("nope"), nullptr);
}

TEST(RemapStrategies, OneTableForNamesAndProperties) {
  for (const RemapStrategy &S : remapStrategies()) {
    EXPECT_EQ(algorithmNamed(S.Keyword), S.Algo);
    EXPECT_EQ(algorithmNamed(S.Option, true), S.Algo);
    EXPECT_EQ(&strategyOf(S.Algo), &S);
    // What runs without warp intrinsics never needs them itself.
    EXPECT_FALSE(isWarpLevel(S.WithoutWarp));
    EXPECT_EQ(S.HeadOrTailLike, !S.SubCounts);
  }
  // The pragma's spelling only: `algorithm(warp-hot)` is not a keyword.
  EXPECT_FALSE(algorithmNamed("warp-hot"));
  EXPECT_EQ(algorithmNamed("warp-hot", true), Algorithm::WarpHeadOrTail);
  EXPECT_EQ(algorithmOptionList(), "hot, dgi, warp-hot or ballot");
}

TEST(CodeBuilder, LinesAndBlocks) {
  CodeBuilder B("  ");
  B.line("int a;").open("if (a) {").line("a = 1;").close().line("a = 2;");
  EXPECT_EQ(B.str(), "  int a;\n  if (a) {\n    a = 1;\n  }\n  a = 2;\n");
  CodeBuilder C("\t");
  C.open("{").append(B.str()).close("} /* end */");
  EXPECT_EQ(C.str(), "\t{\n" + B.str() + "\t} /* end */\n");
}

TEST(CodeBuilder, UnbracedNesting) {
  // An `if` and a loop that govern one statement each, without braces.
  CodeBuilder B;
  B.nest("if (a)").nest("for (;;)").open("if (b) {").line("c();");
  B.close().unnest().unnest().line("d();");
  EXPECT_EQ(B.str(), "if (a)\n  for (;;)\n    if (b) {\n      c();\n    }\n"
                     "d();\n");
  B.unnest().unnest(); // never below the first indentation
  EXPECT_EQ(B.line("e();").str().substr(B.str().size() - 5), "e();\n");
}

const char *TwoBranches = R"(
  __kernel void k(__global const int *restrict in, __global int *restrict out) {
    int i = get_global_id(0);
    int v = in[i];
    if (v > 0) { for (int j = 0; j < 64; ++j) v = v * 3 + j; }
    else { for (int j = 0; j < 64; ++j) v = v * 5 - j; }
    if (i > 3) v += 1;
    out[i] = v;
  })";

TEST(StatementClaims, ContainmentBothWays) {
  ParsedCL P = parseCL(TwoBranches);
  KernelAnalyses A(P.ctx(), P.function("k"));
  StatementClaims C(A);
  std::vector<const IfStmt *> Ifs = P.ifs("k");
  ASSERT_EQ(Ifs.size(), 2u);
  EXPECT_EQ(C.owner(Ifs[0]), "");
  C.claim(Ifs[0], "meld");
  EXPECT_EQ(C.owner(Ifs[0]), "meld");
  EXPECT_EQ(C.owner(Ifs[0]->getThen()), "meld"); // inside the claimed one
  EXPECT_EQ(C.owner(A.Body), "meld");            // around it
  EXPECT_EQ(C.owner(Ifs[1]), "");
  C.release("meld");
  EXPECT_EQ(C.owner(Ifs[0]), "");
}

TEST(KernelAnalyses, ComputedOnceSharedByPlans) {
  ParsedCL P = parseCL(TwoBranches);
  KernelAnalyses A(P.ctx(), P.function("k"));
  EXPECT_FALSE(A.GlobalWrites.empty());  // out[i] = v
  EXPECT_FALSE(A.GlobalAccesses.empty());
  EXPECT_TRUE(A.cfg());
  EXPECT_EQ(A.cfg(), A.cfg()); // built once
  std::vector<const IfStmt *> Ifs = P.ifs("k");
  EXPECT_EQ(A.condDep(Ifs[0]), Dep::Data);
  EXPECT_EQ(A.condDep(Ifs[1]), Dep::ThreadId);
  EXPECT_TRUE(A.contains(A.Body, Ifs[1]));
}

/// The remap transform through the pass manager plans what planKernel
/// plans, and a statement reserved for another transform is left alone.
TEST(PassManager, RemapThroughTheInterface) {
  ParsedCL P = parseCL(TwoBranches);
  TransformOptions O;
  O.Force = true;
  llvm::Expected<PassManager> PM = PassManager::create("", O);
  ASSERT_TRUE(bool(PM));
  EditList Edits;
  KernelOutcome K = PM->run(P.ctx(), P.function("k"),
                            dialectFor(P.ctx().getLangOpts()), Edits);
  EXPECT_TRUE(K.Emitted);
  EXPECT_EQ(K.Changed, std::vector<std::string>{"remap"});
  EXPECT_EQ(K.ChangedStatements, 1u);
  EXPECT_FALSE(Edits.empty());
  EXPECT_NE(K.Summary.find("1 branch(es) remapped in 1 round(s)"),
            std::string::npos);
  bool Remapped = false;
  for (const Explanation &E : K.Entries) {
    EXPECT_TRUE(E.Transform == "remap" || !E.Remapped); // meld lost it
    Remapped |= E.Remapped && E.Strategy == "hot" && E.Round == 1;
  }
  EXPECT_TRUE(Remapped);

  llvm::Expected<PassManager> None = PassManager::create("-remap,-meld", O);
  ASSERT_TRUE(bool(None));
  EditList NoEdits;
  KernelOutcome N = None->run(P.ctx(), P.function("k"),
                              dialectFor(P.ctx().getLangOpts()), NoEdits);
  EXPECT_TRUE(NoEdits.empty());
  EXPECT_TRUE(N.Changed.empty());
}

TEST(PassManager, ClaimedBranchIsLeftAlone) {
  ParsedCL P = parseCL(TwoBranches);
  KernelAnalyses A(P.ctx(), P.function("k"));
  StatementClaims C(A);
  C.claim(P.ifs("k")[0], "meld");
  PlannerOptions O;
  O.Force = true;
  O.Claims = &C;
  KernelPlan Plan = planKernel(A, O);
  EXPECT_TRUE(Plan.Rounds.empty());
  bool Said = false;
  for (const Explanation &E : Plan.Explain)
    Said |= E.Text.find("the 'meld' transform changes it") != std::string::npos;
  EXPECT_TRUE(Said);
}

} // namespace
