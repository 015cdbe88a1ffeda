//===- RemapPlannerTest.cpp - Units for branch placement and liveness -----===//
#include "TestAST.h"
#include "../../lib/TDR/WorkPool/PoolPlan.h" // ClonedHelpers
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "tdrc/TDR/Remap/RemapLayout.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace tdrc;
using namespace tdrc::test;

namespace {

/// These units test the analysis; the profitability model (which declines
/// their short paths) has its own tests in ProfitabilityTest.cpp.
PlannerOptions analysisOnly() {
  PlannerOptions O;
  O.Force = true;
  return O;
}

Planned plan(const std::string &Code, PlannerOptions Opts = analysisOnly()) {
  return planned(parseCL(Code), Opts);
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
  // One round at the outer `if (x > 0)`; the nested branch opens its
  // then-path, so its condition joins the round's path vector.
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  ASSERT_EQ(R.Plan.Rounds[0].Members.size(), 2u);
  EXPECT_EQ(R.Plan.Rounds[0].Members[1].Parent, 0);
  EXPECT_EQ(R.Plan.Rounds[0].Paths, 3u);
  int Declined = 0;
  for (const Explanation &E : R.Plan.Explain)
    if (!E.Remapped && E.Text.find("divergent (") == 0)
      ++Declined;
  EXPECT_EQ(Declined, 1); // the branch in the thread-varying loop
}

TEST(RemapPlanner, NestedBranchStaysOutWhenItsConditionCannotMoveUp) {
  auto R = plan(R"(
    __kernel void k(__global int *in, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      if (x > 0) {
        in[i + 1] = 0;                 // may change what the inner if reads
        if (in[i + 1] > 0) out[i] = 5;
      }
    })");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  EXPECT_EQ(R.Plan.Rounds[0].Members.size(), 1u);
  bool Explained = false;
  for (const Explanation &E : R.Plan.Explain)
    Explained |= E.Text.find("cannot join that branch's round: its condition "
                             "reads memory") != std::string::npos;
  EXPECT_TRUE(Explained);
}

TEST(RemapPlanner, IndependentBranchesShareOneRoundDependentOnesDoNot) {
  PlannerOptions Dgi = analysisOnly(); // two-path branches share DGI rounds only
  Dgi.Algorithm = Algorithm::DGI;
  const char *Src = R"(
    __kernel void k(__global const int *a, __global const int *b,
                    __global int *out) {
      int i = get_global_id(0);
      int x = a[i], y = b[i], r = 0;
      if (x > 0) r = 1; else r = 2;
      if (y > 0) r += 3;              // independent: same fragment
      if (r > 2) out[i] = r;          // reads r: a new fragment
      else out[i] = -r;
    })";
  auto R = plan(Src, Dgi);
  ASSERT_EQ(R.Plan.Rounds.size(), 2u);
  EXPECT_EQ(R.Plan.Rounds[0].Members.size(), 2u);
  EXPECT_EQ(R.Plan.Rounds[0].Paths, 4u);
  EXPECT_EQ(R.Plan.Rounds[1].Members.size(), 1u);
  // By default each two-path branch gets a Head-or-Tail round of its own
  // (cheaper than one DGI round over both: docs/benchmarks.md).
  auto H = plan(Src);
  ASSERT_EQ(H.Plan.Rounds.size(), 3u);
  for (const RemapRound &Round : H.Plan.Rounds)
    EXPECT_EQ(Round.Algo, Algorithm::HeadOrTail);
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

TEST(RemapPlanner, HelperReadingIdsIsCloned) {
  auto R = plan(R"(
    int me(void) { return get_global_id(0); }
    __kernel void k(__global const int *in, __global int *out) {
      int x = in[me()];
      if (x > 0) out[me()] = 1;
    })");
  EXPECT_FALSE(R.Plan.Rounds.empty());
  EXPECT_TRUE(R.Plan.Helpers); // `me` takes the logical global ID
}

TEST(RemapPlanner, HelperReadingIdsDefinedLaterIsClonedAfterIt) {
  // A prototype before the kernel: the clone is declared there and defined
  // after the helper (HelperClone::Prototype).
  auto R = plan(R"(
    int me(void);
    __kernel void k(__global const int *in, __global int *out) {
      int x = in[me()];
      if (x > 0) out[me()] = 1;
    }
    int me(void) { return get_global_id(0); })");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  ASSERT_TRUE(R.Plan.Helpers);
  ASSERT_EQ(R.Plan.Helpers->Clones.size(), 1u);
  EXPECT_NE(R.Plan.Helpers->Clones[0].Prototype, nullptr);
}

TEST(RemapPlanner, HelperReadingIdsDeclaredOnlyByAMacroDeclinesKernel) {
  auto R = plan(R"(
    #define DECLARE(f) int f(void);
    DECLARE(me)
    __kernel void k(__global const int *in, __global int *out) {
      int x = in[me()];
      if (x > 0) out[me()] = 1;
    }
    int me(void) { return get_global_id(0); })");
  EXPECT_TRUE(R.Plan.Rounds.empty());
  EXPECT_FALSE(R.Plan.Helpers);
}

TEST(RemapPlanner, LocalMemoryBudgetDropsRounds) {
  PlannerOptions Small = analysisOnly();
  Small.LocalMemoryBytes = 1500; // less than one round's ID pool + x
  auto R = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      if (x > 0) out[i] = x; else out[i] = -x;
    })",
                Small);
  EXPECT_TRUE(R.Plan.Rounds.empty());
}

TEST(RemapPlanner, LocalMemoryShortageTakesA16BitIdPoolFirst) {
  PlannerOptions Small = analysisOnly();
  Small.LocalMemoryBytes = 2000; // 2312 bytes with 32-bit IDs, 1800 with 16
  auto R = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      if (x > 0) out[i] = x; else out[i] = -x;
    })",
                Small);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  EXPECT_TRUE(R.Plan.ShortIdPool);
  EXPECT_EQ(R.Plan.LocalBytes, 1800u);
}

TEST(RemapPlanner, LocalMemoryShortageMovesTheStateInPasses) {
  PlannerOptions Small = analysisOnly();
  // The 16-bit ID state takes 776 bytes for 256 work-items; a[16] in one
  // pass 16 x 1024 more.  Four slots (4096 bytes) fit: four passes.
  Small.LocalMemoryBytes = 6000;
  auto R = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int a[16];
      for (int j = 0; j < 16; ++j) a[j] = in[i] + j;
      if (a[3] > 0) { for (int j = 0; j < 16; ++j) a[j] *= 3; }
      else { for (int j = 0; j < 16; ++j) a[j] -= 1; }
      int s = 0;
      for (int j = 0; j < 16; ++j) s += a[j];
      out[i] = s;
    })",
                Small);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  EXPECT_TRUE(R.Plan.ShortIdPool);
  EXPECT_EQ(R.Plan.MigrationPasses, 4u);
  EXPECT_EQ(migrationPasses(R.Plan, R.Plan.Rounds[0]), 4u);
  ASSERT_EQ(R.Plan.Pools.size(), 1u);
  EXPECT_EQ(R.Plan.Pools[0].Slots, 4u);
  EXPECT_EQ(R.Plan.LocalBytes, 776u + 4096u);
  // Room for all of it: one pass, as before.
  Small.LocalMemoryBytes = 32768;
  auto R2 = plan(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int a[16];
      for (int j = 0; j < 16; ++j) a[j] = in[i] + j;
      if (a[3] > 0) { for (int j = 0; j < 16; ++j) a[j] *= 3; }
      out[i] = a[0] + a[15];
    })",
                 Small);
  ASSERT_EQ(R2.Plan.Rounds.size(), 1u);
  EXPECT_EQ(R2.Plan.MigrationPasses, 1u);
}

TEST(RemapPlanner, LocalMemoryShortageSplitsAStructIntoItsFields) {
  PlannerOptions Small = analysisOnly();
  // A 52-byte struct takes 13312 bytes a slot for 256 work-items: however
  // many passes it takes whole, it does not fit 6000 bytes.  Split, its 12
  // ints and its float move in 3 passes: 4 int slots and 1 float slot
  // (5120 bytes) besides the 776 of the 16-bit ID state.
  Small.LocalMemoryBytes = 6000;
  const char *Src = R"(
    typedef struct { int a[12]; FIELD; } state_t;
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      state_t st;
      for (int j = 0; j < 12; ++j) st.a[j] = in[i] + j;
      st.f = 1;
      if (st.a[3] > 0) { for (int j = 0; j < 12; ++j) st.a[j] *= 3; }
      else { st.f = 2; }
      out[i] = st.a[0] + st.a[11] + (int)st.f;
    })";
  auto With = [&](const std::string &Field) {
    std::string Code = Src;
    Code.replace(Code.find("FIELD"), 5, Field);
    return plan(Code, Small);
  };
  auto R = With("float f");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  EXPECT_EQ(R.Plan.MigrationPasses, 3u);
  const RemapRound &Round = R.Plan.Rounds[0];
  std::vector<std::string> Names;
  for (const LiveVar &L : Round.Live)
    if (L.How == LiveVar::Migrate)
      Names.push_back(L.name());
  EXPECT_EQ(Names, (std::vector<std::string>{"st.a", "st.f"}));
  ASSERT_EQ(R.Plan.Pools.size(), 2u);
  EXPECT_EQ(R.Plan.Pools[0].Slots + R.Plan.Pools[1].Slots, 5u);
  EXPECT_EQ(R.Plan.LocalBytes, 776u + 5120u);
  // A two-dimensional array does not move through one pool: the struct
  // stays whole, and the round that cannot fit is cancelled.
  auto Rows = With("float f; int g[2][2]");
  EXPECT_TRUE(Rows.Plan.Rounds.empty());
  EXPECT_EQ(With("float f; int g[2][2]").Plan.Rounds.size() +
                With("float f; int g[4]").Plan.Rounds.size(),
            1u);
}

TEST(RemapPlanner, OccupancyBudgetCancelsRoundsThatLowerIt) {
  PlannerOptions O = analysisOnly();
  O.Gpu = findGpu("sm_90");
  O.KernelRegs = 24; // 8 blocks of 256: the full SM; DGI's 32 keep 8
  const char *Src = R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      switch (x & 3) { case 0: out[i] = 1; break; case 1: out[i] = 2; break;
                       default: out[i] = 3; }
    })";
  auto R = plan(Src, O);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  O.KernelRegs = 32; // 8 blocks; 34 registers would give 6
  auto R2 = plan(Src, O);
  EXPECT_TRUE(R2.Plan.Rounds.empty());
  // Shared memory binds: 43000 bytes give 5 blocks; the round's 2752 more
  // would give 4, and the 16-bit ID pool (512 bytes less) gives 5 again.
  O.KernelSmem = 43000;
  O.KernelRegs = 16;
  O.LocalMemoryBytes = 49152;
  auto R3 = plan(Src, O);
  ASSERT_EQ(R3.Plan.Rounds.size(), 1u);
  EXPECT_TRUE(R3.Plan.ShortIdPool);
  EXPECT_EQ(R3.Plan.LocalBytes, 2752u - 512u);
  bool Budget = false;
  for (const Explanation &E : R3.Plan.Explain)
    Budget |= E.Note && E.Text.find("budget: local memory short: 16-bit ID "
                                    "pool: now") == 0;
  EXPECT_TRUE(Budget);
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

TEST(RemapPlanner, UniformIfsAfterAReturnAreCutAtTheRound) {
  // The round sits in the else arm of an if on the loop counter, inside an
  // option if: cut out of both (innermost first), each with its own flag.
  const char *Src = R"(
    __kernel void k(__global const int *in, __global int *out, int n,
                    int mode, int cnt) {
      int i = get_global_id(0);
      if (i >= n) return;
      int h = in[i];
      for (int k = 0; k < cnt; ++k) {
        if (mode > 1) {
          if ((k & 1) == 0) { h += k; }
          else {
            int v = in[(i + k) % n];
            if (v > 0) { for (int j = 0; j < 200; ++j) h = h * 3 + j; }
            else { for (int j = 0; j < 200; ++j) h = h * 5 - j; }
          }
        }
      }
      out[i] = h;
    })";
  auto R = plan(Src);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  const RemapRound &Round = R.Plan.Rounds[0];
  ASSERT_EQ(Round.Cuts.size(), 2u);
  EXPECT_TRUE(Round.Cuts[0].Else);
  EXPECT_FALSE(Round.Cuts[1].Else);
  EXPECT_FALSE(Round.Cuts[0].Flag.empty());
  EXPECT_NE(Round.Cuts[0].Flag, Round.Cuts[1].Flag);
  EXPECT_TRUE(Round.LaunchIf.empty()); // --force: the rewrite always runs
  // The model's plan also switches the round at launch on the option, the
  // one condition that reads parameters alone.
  PlannerOptions Model = analysisOnly();
  Model.Force = false;
  auto M = plan(Src, Model);
  ASSERT_EQ(M.Plan.Rounds.size(), 1u);
  EXPECT_EQ(M.Plan.Rounds[0].LaunchIf, "(mode > 1)");
  EXPECT_NE(M.Plan.Rounds[0].PaysIf.find("(mode > 1)"), std::string::npos);
  // Without the return every work-item reaches the if: nothing is cut.
  std::string NoReturn = Src;
  NoReturn.replace(NoReturn.find("if (i >= n) return;"), 19, "");
  auto A = plan(NoReturn);
  ASSERT_EQ(A.Plan.Rounds.size(), 1u);
  EXPECT_TRUE(A.Plan.Rounds[0].Cuts.empty());
  // An if around the loop that holds the branch cannot be cut: declined.
  std::string Around = Src;
  Around.replace(Around.find("out[i] = h;"), 0, "} ");
  Around.replace(Around.find("for (int k"), 0, "if (mode > 2) { ");
  EXPECT_TRUE(plan(Around).Plan.Rounds.empty());
}

TEST(RemapPlanner, GuardsInUniformLoopsBecomeTheActivePredicate) {
  // A grid-stride loop whose base the work-group shares: the guard in its
  // body is the region's guard, the loop stays outside the region.
  const char *Src = R"(
    __kernel void k(__global const int *in, __global int *out, int n) {
      for (int b = get_group_id(0) * get_local_size(0); b < n;
           b += get_global_size(0)) {
        int i = b + get_local_id(0);
        if (i < n) {
          int v = in[i];
          if (v > 0) { for (int j = 0; j < 200; ++j) v = v * 3 + j; }
          else { for (int j = 0; j < 200; ++j) v = v * 5 - j; }
          out[i] = v;
        }
      }
    })";
  auto R = plan(Src);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  ASSERT_EQ(R.Plan.Regions.size(), 1u);
  const ActiveRegion &AR = R.Plan.Regions[0];
  EXPECT_EQ(AR.Kind, RegionKind::Guard);
  EXPECT_TRUE(AR.Nest.empty()); // the loop is around the guard, not in it
  // Each iteration's start from the work-item's own ID: the loop's count
  // differs between work-items, so its guard cannot take the round.
  std::string ById = Src;
  ById.replace(ById.find("b = get_group_id(0) * get_local_size(0)"), 39,
               "b = get_global_id(0)");
  EXPECT_TRUE(plan(ById).Plan.Rounds.empty());
  // A guard under an if in the loop body is no bounds guard of the loop.
  std::string UnderIf = Src;
  UnderIf.replace(UnderIf.find("if (i < n) {"), 0, "if (n > 3) ");
  EXPECT_TRUE(plan(UnderIf).Plan.Rounds.empty());
}
