//===- RemapPlannerTest.cpp - Units for branch placement and liveness -----===//
#include "TestAST.h"
#include "tdrc/TDR/RemapPlanner.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace tdrc;
using namespace tdrc::test;

namespace {

struct Planned {
  ParsedCL P;
  KernelPlan Plan;
};

Planned plan(const std::string &Code, PlannerOptions Opts = {}) {
  Planned R{parseCL(Code), {}};
  EXPECT_TRUE(R.P.AST);
  R.Plan = planKernel(R.P.ctx(), R.P.function("k"), Opts);
  return R;
}

std::string liveSummary(const RemapRound &R) {
  std::string S;
  for (const LiveVar &L : R.Live)
    S += (L.How == LiveVar::Migrate ? "m:" : "r:") + L.Var->getNameAsString() +
         " ";
  return S;
}

TEST(RemapPlanner, MigratesDataRecomputesIdsSkipsUniforms) {
  auto R = plan(R"(
    __kernel void k(__global const int *in, __global int *out, int n) {
      int i = get_global_id(0);
      int scale = n * 2;
      int x = in[i];
      int y = x + 1;
      if (x > 0) out[i] = y * scale; else out[i] = -y;
    })");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  EXPECT_EQ(R.Plan.Rounds[0].Region, -1);
  EXPECT_EQ(liveSummary(R.Plan.Rounds[0]), "r:i m:y ");
}

TEST(RemapPlanner, DeadVariablesDoNotMigrate) {
  auto R = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      int unused_after = x * 3;
      out[i + 1024] = unused_after;
      if (x > 0) out[i] = 1; else out[i] = 2;
    })");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  EXPECT_EQ(liveSummary(R.Plan.Rounds[0]), "r:i ");
}

TEST(RemapPlanner, BoundsGuardBecomesRegion) {
  auto R = plan(R"(
    __kernel void k(__global const int *in, __global int *out, int n) {
      int i = get_global_id(0);
      if (i < n) {
        int x = in[i];
        if (x > 0) out[i] = x; else out[i] = -x;
      }
    })");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  ASSERT_EQ(R.Plan.Rounds[0].Region, 0);
  const ActiveRegion &AR = R.Plan.Regions[0];
  EXPECT_EQ(AR.Kind, RegionKind::Guard);
  EXPECT_EQ(AR.Hoisted.size(), 1u); // `int x` moves out of the guard
}

TEST(RemapPlanner, EarlyReturnBecomesRegion) {
  auto R = plan(R"(
    __kernel void k(__global const int *in, __global int *out, int n) {
      int i = get_global_id(0);
      if (i >= n) return;
      int x = in[i];
      if (x > 0) out[i] = x; else out[i] = -x;
    })");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  ASSERT_EQ(R.Plan.Rounds[0].Region, 0);
  EXPECT_EQ(R.Plan.Regions[0].Kind, RegionKind::EarlyReturn);
  EXPECT_EQ(R.Plan.Regions[0].EarlyReturns.size(), 1u);
}

TEST(RemapPlanner, DeclinesNestedAndThreadVaryingLoops) {
  auto R = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      for (int t = 0; t < x; ++t)
        if (in[i + t] > 0) out[i] += 1;
      if (x > 0) {
        if (in[i + 1] > 0) out[i] = 5;
      }
    })");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u); // only the outer `if (x > 0)`
  int Declined = 0;
  for (const Explanation &E : R.Plan.Explain)
    if (!E.Remapped && E.Text.find("divergent (") == 0)
      ++Declined;
  EXPECT_EQ(Declined, 2);
}

TEST(RemapPlanner, UniformAndTidOnlyBranchesAreNotTargets) {
  auto R = plan(R"(
    __kernel void k(__global int *out, int mode) {
      int i = get_global_id(0);
      if (mode == 2) out[i] = 1;
      if (i % 2 == 0) out[i] += 1;
    })");
  EXPECT_TRUE(R.Plan.Rounds.empty());
  EXPECT_FALSE(R.Plan.rewrites());
}

TEST(RemapPlanner, HelperReadingIdsDeclinesKernel) {
  auto R = plan(R"(
    int me(void) { return get_global_id(0); }
    __kernel void k(__global const int *in, __global int *out) {
      int x = in[me()];
      if (x > 0) out[me()] = 1;
    })");
  EXPECT_TRUE(R.Plan.Rounds.empty());
}

TEST(RemapPlanner, LocalMemoryBudgetDropsRounds) {
  PlannerOptions Small;
  Small.LocalMemoryBytes = 2000; // less than one round's ID pool
  auto R = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      if (x > 0) out[i] = x; else out[i] = -x;
    })",
                Small);
  EXPECT_TRUE(R.Plan.Rounds.empty());
}

TEST(RemapPlanner, ReqdWorkGroupSizeBoundsTheState) {
  auto R = plan(R"(
    __kernel __attribute__((reqd_work_group_size(64, 1, 1)))
    void k(__global const float *in, __global float *out) {
      int i = get_global_id(0);
      float x = in[i];
      if (x > 0.0f) out[i] = x; else out[i] = -x;
    })");
  EXPECT_EQ(R.Plan.MaxWorkGroupSize, 64u);
  EXPECT_TRUE(R.Plan.FixedWorkGroupSize);
}

} // namespace

namespace {

TEST(RemapPlanner, GlobalFenceOnlyAfterGlobalWrites) {
  auto Before = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      out[i] = 0;                       /* read back after the remap */
      int x = in[i];
      if (x > 0) out[i] += x; else out[i] -= x;
    })");
  ASSERT_EQ(Before.Plan.Rounds.size(), 1u);
  EXPECT_TRUE(Before.Plan.Rounds[0].GlobalFence);

  // A read before the remap and a write after it come from two work-items:
  // `in` may alias `out`, so the write must not pass the read.
  auto ReadBefore = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      if (x > 0) out[i] = x; else out[i] = -x;
    })");
  ASSERT_EQ(ReadBefore.Plan.Rounds.size(), 1u);
  EXPECT_TRUE(ReadBefore.Plan.Rounds[0].GlobalFence);

  // Unless the read memory cannot be written at all.
  for (const char *In : {"__global const int *restrict in", "__constant int *in"}) {
    auto After = plan(std::string("__kernel void k(") + In + R"(, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      if (x > 0) out[i] = x; else out[i] = -x;
    })");
    ASSERT_EQ(After.Plan.Rounds.size(), 1u) << In;
    EXPECT_FALSE(After.Plan.Rounds[0].GlobalFence) << In;
  }

  auto Loop = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      for (int t = 0; t < 4; ++t)
        if (in[i + t] > 0) out[i] += 1;   /* written in iteration t, read in t+1 */
    })");
  ASSERT_EQ(Loop.Plan.Rounds.size(), 1u);
  EXPECT_TRUE(Loop.Plan.Rounds[0].GlobalFence);
}

} // namespace
