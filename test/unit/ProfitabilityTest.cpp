//===- ProfitabilityTest.cpp - Units for the profitability model ----------===//
#include "TestAST.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace tdrc;
using namespace tdrc::test;

namespace {

KernelPlan planOf(ParsedCL &P, bool Force = false) {
  PlannerOptions O;
  O.Force = Force;
  return planKernel(P.ctx(), P.function("k"), O);
}

std::string explainOf(const KernelPlan &Plan) {
  std::string S;
  for (const Explanation &E : Plan.Explain)
    S += E.Text + "\n";
  return S;
}

// A few operations per path cannot pay for three barriers and an atomic.
TEST(Profitability, ShortPathsAreDeclined) {
  auto P = parseCL(R"(
    __kernel void k(__global const float *in, __global float *out) {
      int i = get_global_id(0);
      float v = in[i];
      if (v > 0.5f) v = v * 2.0f; else v = v + 1.0f;
      out[i] = v;
    })");
  KernelPlan Plan = planOf(P);
  EXPECT_TRUE(Plan.Rounds.empty());
  EXPECT_NE(explainOf(Plan).find("but it does not pay: it saves ~"),
            std::string::npos)
      << explainOf(Plan);
  // --force keeps it, without the model.
  KernelPlan Forced = planOf(P, true);
  ASSERT_EQ(Forced.Rounds.size(), 1u);
  EXPECT_TRUE(Forced.Rounds[0].PaysIf.empty());
}

// Long constant loops pay; the decision needs nothing at run time.
TEST(Profitability, LongConstantPathsPay) {
  auto P = parseCL(R"(
    __kernel void k(__global const float *in, __global float *out) {
      int i = get_global_id(0);
      float v = in[i];
      if (v > 0.5f) { for (int j = 0; j < 64; ++j) v = v * 0.99f + 0.01f; }
      else { for (int j = 0; j < 64; ++j) v = sqrt(v + 1.0f); }
      out[i] = v;
    })");
  KernelPlan Plan = planOf(P);
  ASSERT_EQ(Plan.Rounds.size(), 1u);
  EXPECT_TRUE(Plan.Rounds[0].PaysIf.empty());
  EXPECT_NE(explainOf(Plan).find("pays: saves ~"), std::string::npos);
}

// A trip count from an argument the kernel never writes: checked at run time.
TEST(Profitability, ArgumentTripCountsAreCheckedAtRunTime) {
  auto P = parseCL(R"(
    __kernel void k(__global const float *in, __global float *out, int len) {
      int i = get_global_id(0);
      float v = in[i];
      if (v > 0.5f) { for (int j = 0; j < len; ++j) v = v * 0.99f + 0.01f; }
      else { for (int j = 2; j <= len; j += 2) v = sqrt(v + 1.0f); }
      out[i] = v;
    })");
  KernelPlan Plan = planOf(P);
  ASSERT_EQ(Plan.Rounds.size(), 1u);
  const std::string &C = Plan.Rounds[0].PaysIf;
  EXPECT_NE(C.find("(float)(len)"), std::string::npos) << C;
  EXPECT_NE(C.find("(len) - (2) + 1"), std::string::npos) << C;
  EXPECT_NE(C.find("/ 2.0f"), std::string::npos) << C;
  EXPECT_NE(C.find(">= "), std::string::npos) << C;
}

// One loop's length alone decides: the switch compares that length, an
// integer, with the least length that pays (no float arithmetic before the
// kernel's first load), and says so.
TEST(Profitability, OneTripCountGivesAnIntegerSwitch) {
  // Both paths loop `len` times, stepping by Inc; the least `len` that pays.
  auto Least = [](const char *Inc, std::string &Explain) {
    auto P = parseCL(std::string(R"(
      __kernel void k(__global const float *in, __global float *out, int len) {
        int i = get_global_id(0);
        float v = in[i];
        if (v > 0.5f) { for (int j = 0; j < len; )") + Inc + R"() v = v * 0.99f + 0.01f; }
        else { for (int j = 0; j < len; )" + Inc + R"() v = sqrt(v + 1.0f); }
        out[i] = v;
      })");
    KernelPlan Plan = planOf(P);
    EXPECT_EQ(Plan.Rounds.size(), 1u);
    if (Plan.Rounds.size() != 1)
      return -1;
    const std::string &C = Plan.Rounds[0].PaysIf;
    Explain = explainOf(Plan);
    // The same bound as the float form: the explanation gives both.
    EXPECT_NE(Explain.find(", that is when " + C + " (checked at run"),
              std::string::npos)
        << Explain;
    EXPECT_EQ(C.find("float"), std::string::npos) << C;
    const std::string Head = "(len) >= ";
    EXPECT_EQ(C.rfind(Head, 0), 0u) << C;
    return C.rfind(Head, 0) == 0 ? std::stoi(C.substr(Head.size())) : -1;
  };
  std::string Explain;
  int One = Least("++j", Explain);
  EXPECT_GT(One, 1);
  // A loop stepping by 2 runs half as often: its bound doubles (+-1).
  int Two = Least("j += 2", Explain);
  EXPECT_GE(Two, 2 * One - 2);
  EXPECT_LE(Two, 2 * One);
}

// An argument the kernel writes is not stable: its loop counts as unknown.
TEST(Profitability, WrittenArgumentsAreNotTripCounts) {
  auto P = parseCL(R"(
    __kernel void k(__global const float *in, __global float *out, int len) {
      int i = get_global_id(0);
      len = len + 1;
      float v = in[i];
      if (v > 0.5f) { for (int j = 0; j < len; ++j) v = v * 0.99f + 0.01f; }
      else { for (int j = 0; j < len; ++j) v = sqrt(v + 1.0f); }
      out[i] = v;
    })");
  KernelPlan Plan = planOf(P);
  for (const RemapRound &R : Plan.Rounds)
    EXPECT_TRUE(R.PaysIf.empty());
  EXPECT_NE(explainOf(Plan).find("loops of unknown length counted 16 times"),
            std::string::npos)
      << explainOf(Plan);
}

// A helper's parameter is not in scope at the kernel's start: its loop
// counts as one of unknown length, never as a run-time term (found by the
// fuzzer's smoke run on test/kernels/helper_call.cl).
TEST(Profitability, HelperParametersAreNotTripCounts) {
  auto P = parseCL(R"(
    float walk(float v, int steps) {
      for (int j = 0; j < steps; ++j) v = v * 0.99f + 0.01f;
      return v;
    }
    __kernel void k(__global const float *in, __global float *out, int len) {
      int i = get_global_id(0);
      float v = in[i];
      if (v > 0.5f) v = walk(v, len); else v = walk(v + 1.0f, 3);
      out[i] = v;
    })");
  KernelPlan Plan = planOf(P);
  for (const RemapRound &R : Plan.Rounds)
    EXPECT_EQ(R.PaysIf.find("steps"), std::string::npos) << R.PaysIf;
  EXPECT_NE(explainOf(Plan).find("loops of unknown length counted 16 times"),
            std::string::npos)
      << explainOf(Plan);
}

// More paths save more: the same per-path work pays at 8 paths sooner.
TEST(Profitability, GainGrowsWithPaths) {
  std::string Cases;
  for (int C = 0; C < 8; ++C)
    Cases += "case " + std::to_string(C) +
             ": for (int j = 0; j < 20; ++j) v = v * 1.01f + " +
             std::to_string(C) + ".0f; break;\n";
  auto P8 = parseCL(R"(
    __kernel void k(__global const float *in, __global float *out) {
      int i = get_global_id(0);
      float v = in[i];
      switch ((int)(v * 8.0f)) {
      )" + Cases + R"(}
      out[i] = v;
    })");
  auto P2 = parseCL(R"(
    __kernel void k(__global const float *in, __global float *out) {
      int i = get_global_id(0);
      float v = in[i];
      if (v > 0.5f) { for (int j = 0; j < 20; ++j) v = v * 1.01f + 1.0f; }
      else { for (int j = 0; j < 20; ++j) v = v * 1.01f + 2.0f; }
      out[i] = v;
    })");
  EXPECT_EQ(planOf(P8).Rounds.size(), 1u) << explainOf(planOf(P8));
  EXPECT_TRUE(planOf(P2).Rounds.empty()) << explainOf(planOf(P2));
}

} // namespace

namespace {
// OpenCL has no warp intrinsics here: the warp-level choices fall back to
// the paper's rounds of the same family.
TEST(Profitability, WarpRoundsFallBackInOpenCL) {
  auto P = parseCL(R"(
    __kernel void k(__global const float *in, __global float *out) {
      int i = get_global_id(0);
      float v = in[i];
      if (v > 0.5f) v = v * 2.0f; else v = v + 1.0f;
      out[i] = v;
    })");
  for (auto [Choice, Want] :
       {std::pair{std::optional<Algorithm>(Algorithm::WarpHeadOrTail),
                  Algorithm::HeadOrTail},
        std::pair{std::optional<Algorithm>(Algorithm::Ballot), Algorithm::DGI},
        std::pair{std::optional<Algorithm>(), Algorithm::HeadOrTail}}) {
    PlannerOptions O;
    O.Force = true;
    O.Algorithm = Choice;
    KernelPlan Plan = planKernel(P.ctx(), P.function("k"), O);
    ASSERT_EQ(Plan.Rounds.size(), 1u);
    EXPECT_EQ(Plan.Rounds[0].Algo, Want);
  }
}
} // namespace
