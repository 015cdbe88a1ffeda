//===- CostProfileTest.cpp - Units for cost profiles (--cost-profile) -----===//
#include "TestAST.h"
#include "tdrc/TDR/Remap/CostProfile.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "gtest/gtest.h"

using namespace tdrc;
using namespace tdrc::test;

namespace {

/// The error's text, or "" when Text parses.
std::string errorOf(llvm::StringRef Text) {
  llvm::Expected<CostProfile> P = parseCostProfile(Text, "p.json");
  if (P)
    return "";
  return llvm::toString(P.takeError());
}

TEST(CostProfile, FullProfile) {
  llvm::Expected<CostProfile> P = parseCostProfile(R"({
    "tdrc-cost-profile": 1, "device": "Card X", "api": "opencl",
    "strategies": {"hot": {"cost": 100, "per_key": 2, "scatter_price": 3,
                           "per_word": 5},
                   "dgi": {"cost": 400, "per_key": 10}},
    "preferred": {"2": "dgi", "4": "dgi"},
    "calibration": {"anything": [1, 2]}})",
                                                   "p.json");
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->Device, "Card X");
  EXPECT_FALSE(P->Cuda);
  CostModel M(&*P, /*Cuda=*/false);
  EXPECT_DOUBLE_EQ(M.roundCost(Algorithm::HeadOrTail, 3), 106);
  EXPECT_DOUBLE_EQ(M.roundCost(Algorithm::DGI, 5), 450);
  EXPECT_DOUBLE_EQ(M.perWord(Algorithm::HeadOrTail), 5);
  EXPECT_DOUBLE_EQ(M.scatterPrice(Algorithm::HeadOrTail), 3);
  EXPECT_EQ(M.preferred(2), Algorithm::DGI);
  EXPECT_EQ(M.preferred(3), Algorithm::DGI); // the largest count <= 3
  EXPECT_EQ(M.preferred(64), Algorithm::DGI);
}

// A profile overrides only what it gives; the rest keeps the defaults.
TEST(CostProfile, PartialProfileKeepsDefaults) {
  llvm::Expected<CostProfile> P = parseCostProfile(
      R"({"tdrc-cost-profile": 1, "device": "d", "api": "opencl",
          "strategies": {"dgi": {"per_key": 0}}})",
      "p.json");
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  CostModel Default(nullptr, false), M(&*P, false);
  EXPECT_DOUBLE_EQ(M.roundCost(Algorithm::HeadOrTail, 2),
                   Default.roundCost(Algorithm::HeadOrTail, 2));
  // DGI's fixed cost stays, its per-key cost is gone.
  EXPECT_DOUBLE_EQ(M.roundCost(Algorithm::DGI, 9), Default.roundCost(Algorithm::DGI, 0));
  EXPECT_LT(M.roundCost(Algorithm::DGI, 9), Default.roundCost(Algorithm::DGI, 9));
  EXPECT_DOUBLE_EQ(M.perWord(Algorithm::DGI), Default.perWord(Algorithm::DGI));
  EXPECT_EQ(M.preferred(2), std::nullopt);
  EXPECT_NE(M.profile(), nullptr);
}

// An OpenCL profile does not price CUDA rounds, and the other way round.
TEST(CostProfile, AppliesToItsApiOnly) {
  llvm::Expected<CostProfile> P = parseCostProfile(
      R"({"tdrc-cost-profile": 1, "device": "d", "api": "cuda",
          "strategies": {"ballot": {"cost": 1, "per_key": 1}}})",
      "p.json");
  ASSERT_TRUE(bool(P));
  CostModel Cl(&*P, false), Cu(&*P, true), Default(nullptr, true);
  EXPECT_EQ(Cl.profile(), nullptr);
  EXPECT_DOUBLE_EQ(Cu.roundCost(Algorithm::Ballot, 3), 4);
  EXPECT_DOUBLE_EQ(Cu.roundCost(Algorithm::DGI, 3), Default.roundCost(Algorithm::DGI, 3));
}

TEST(CostProfile, SyntaxErrorsHavePositions) {
  EXPECT_EQ(errorOf("{\n  \"tdrc-cost-profile\": 1,\n  \"device\": x\n}"),
            "p.json:3:13: error: invalid JSON: Invalid JSON value");
  EXPECT_EQ(errorOf(""), "p.json:1:1: error: invalid JSON: Unexpected EOF");
  EXPECT_EQ(errorOf("[1]"), "p.json:1:1: error: a cost profile is a JSON object");
}

TEST(CostProfile, SemanticErrors) {
  const char *Head = R"({"tdrc-cost-profile": 1, "device": "d", "api": "opencl", )";
  auto With = [&](const char *Rest) { return errorOf(std::string(Head) + Rest); };
  EXPECT_EQ(errorOf(R"({"device": "d"})"),
            "p.json:1:1: error: not a cost profile: \"tdrc-cost-profile\": 1 "
            "is missing");
  EXPECT_EQ(errorOf(R"({"tdrc-cost-profile": 2, "device": "d", "api": "opencl"})"),
            "p.json:1:2: error: cost profile version 2 is not supported (this "
            "tdrc reads version 1)");
  EXPECT_EQ(errorOf(R"({"tdrc-cost-profile": 1, "api": "opencl"})"),
            "p.json:1:1: error: 'device' must be a non-empty string");
  EXPECT_EQ(errorOf(R"({"tdrc-cost-profile": 1, "device": "d", "api": "metal"})"),
            "p.json:1:41: error: 'api' must be \"opencl\" or \"cuda\"");
  EXPECT_NE(With(R"("strategies": {"magic": {"cost": 1}}})")
                .find("1:73: error: unknown strategy 'magic'"),
            std::string::npos)
      << With(R"("strategies": {"magic": {"cost": 1}}})");
  EXPECT_NE(With(R"("strategies": {"hot": {"cost": -1}}})")
                .find("error: 'strategies.hot.cost' must be a non-negative number"),
            std::string::npos);
  EXPECT_NE(With(R"("strategies": {"hot": {"cost": "cheap"}}})")
                .find("error: 'strategies.hot.cost' must be a number"),
            std::string::npos);
  EXPECT_NE(With(R"("strategies": {"hot": {"perkey": 1}}})")
                .find("error: unknown field 'perkey' in strategy 'hot'"),
            std::string::npos);
  EXPECT_NE(With(R"("strategies": {"hot": 3}})").find("must be an object"),
            std::string::npos);
  EXPECT_NE(With(R"("strategies": []})").find("'strategies' must be an object"),
            std::string::npos);
  EXPECT_NE(With(R"("preferred": {"4": "hot"}})").find("hot takes two paths only"),
            std::string::npos);
  EXPECT_NE(With(R"("preferred": {"two": "hot"}})").find("are path counts"),
            std::string::npos);
  EXPECT_NE(With(R"("preferred": {"2": "fast"}})").find("must name a strategy"),
            std::string::npos);
  EXPECT_NE(With(R"("colour": 1})").find("unknown field 'colour'"),
            std::string::npos);
}

TEST(CostProfile, UnreadableFile) {
  llvm::Expected<CostProfile> P = loadCostProfile("/nonexistent/p.json");
  ASSERT_FALSE(bool(P));
  EXPECT_EQ(llvm::toString(P.takeError()).rfind(
                "/nonexistent/p.json:1:1: error: cannot read cost profile: ", 0),
            0u);
}

// The planner prices rounds with the profile and names it in --explain.
TEST(CostProfile, PlannerUsesProfile) {
  auto AST = parseCL(R"(
    __kernel void k(__global const float *src, __global float *dst) {
      float v = src[get_global_id(0)];
      if (v < 0.25f) { for (int t = 0; t < 80; ++t) v = rsqrt(v + 2.0f); }
      else { for (int t = 0; t < 80; ++t) v = v * 0.5f + 0.25f; }
      dst[get_global_id(0)] = v;
    })");
  PlannerOptions O;
  ASSERT_EQ(planKernel(AST.ctx(), AST.function("k"), O).Rounds.size(), 1u);
  llvm::Expected<CostProfile> Huge = parseCostProfile(
      R"({"tdrc-cost-profile": 1, "device": "Slow Card", "api": "opencl",
          "strategies": {"hot": {"cost": 1000000}}})",
      "p.json");
  ASSERT_TRUE(bool(Huge));
  O.Costs = &*Huge;
  KernelPlan Plan = planKernel(AST.ctx(), AST.function("k"), O);
  EXPECT_TRUE(Plan.Rounds.empty());
  std::string Text;
  for (const Explanation &E : Plan.Explain)
    Text += E.Text + "\n";
  EXPECT_NE(Text.find("remap cost of ~10000"), std::string::npos) << Text;
  EXPECT_NE(Text.find("; cost profile: Slow Card)"), std::string::npos) << Text;
}

} // namespace
