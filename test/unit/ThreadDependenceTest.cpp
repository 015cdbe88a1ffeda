//===- ThreadDependenceTest.cpp - Units for the divergence lattice --------===//
#include "TestAST.h"
#include "tdrc/TDR/ThreadDependence.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace tdrc;
using namespace tdrc::test;

namespace {

std::vector<Dep> conditionClasses(const std::string &Code) {
  ParsedCL P = parseCL(Code);
  return test::conditionClasses(P);
}

TEST(ThreadDependence, BoundsCheckIsThreadIdOnly) {
  auto C = conditionClasses(R"(
    __kernel void k(__global int *a, int n) {
      int i = get_global_id(0);
      if (i < n) a[i] = 0;
    })");
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0], Dep::ThreadId);
}

TEST(ThreadDependence, ArgumentsAndGroupQueriesAreUniform) {
  auto C = conditionClasses(R"(
    __kernel void k(__global int *a, int n, float s) {
      int g = get_group_id(0) * get_local_size(0);
      if (n > 3 && s < 1.0f) a[0] = 1;
      if (g == 0) a[1] = 1;
      if (a[0] > 0) a[2] = 1;   /* uniform address: same value everywhere */
    })");
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0], Dep::Uniform);
  EXPECT_EQ(C[1], Dep::Uniform);
  EXPECT_EQ(C[2], Dep::Uniform);
}

TEST(ThreadDependence, LoadAtThreadAddressIsData) {
  auto C = conditionClasses(R"(
    __kernel void k(__global const float *in, __global float *out) {
      int i = get_global_id(0);
      float v = in[i] * 2.0f;
      if (v > 0.5f) out[i] = v;
    })");
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0], Dep::Data);
}

TEST(ThreadDependence, StoresToArrayFieldsReachTheirStruct) {
  // The struct's other fields are constants: only the element stores, into
  // a field (`st.a[j]`) and a row of a field (`st.m[1][j]`), make it data.
  auto C = conditionClasses(R"(
    typedef struct { int a[4]; float m[2][2]; int n; } state_t;
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      state_t st, sm;
      st.n = 3;
      sm.n = 3;
      for (int j = 0; j < 4; ++j) st.a[j] = in[i] + j;
      for (int j = 0; j < 2; ++j) sm.m[1][j] = (float)in[i];
      if (st.a[3] > 0) out[i] = 1;
      if (sm.m[1][0] > 0.0f) out[i] = 2;
      if (st.n > 2) out[i] = 3;
    })");
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0], Dep::Data);
  EXPECT_EQ(C[1], Dep::Data);
  EXPECT_EQ(C[2], Dep::Data); // per variable: st as a whole
}

TEST(ThreadDependence, ArraysPassedToHelpersAreWrittenThroughThem) {
  // Arrays that start as constants and that only a helper fills, through
  // the pointer they decay to (hashcat's `apply_rules(pw, w0)`, then
  // `transform(w0, digest)`); an OpenCL built-in that stores (vstore4); a
  // pointer kept in a local.  Indexing an array alone (`c[1]`) lets no
  // address escape: c stays uniform.
  auto C = conditionClasses(R"(
    void fill(__global const int *src, int i, int *dst) { dst[0] = src[i]; }
    void mix(const int *w, int *h) { h[0] ^= w[0]; }
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int w[2] = { 0, 0 };
      fill(in, i, w);
      int h[2] = { 5, 7 };
      mix(w, h);
      float f[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
      vstore4((float4)((float)in[i]), 0, f);
      int g[2] = { 1, 2 };
      int *p = g;
      p[1] = in[i];
      int c[2] = { 3, 4 };
      if (w[0] > 3) out[i] = 1;
      if (h[0] > 3) out[i] = 2;
      if (f[2] > 0.0f) out[i] = 3;
      if (g[1] > 0) out[i] = 4;
      if (c[1] > 3) out[i] = 5;
    })");
  ASSERT_EQ(C.size(), 5u);
  EXPECT_EQ(C[0], Dep::Data);
  EXPECT_EQ(C[1], Dep::Data);
  EXPECT_EQ(C[2], Dep::Data);
  EXPECT_EQ(C[3], Dep::Data);
  EXPECT_EQ(C[4], Dep::Uniform);
}

TEST(ThreadDependence, LoadsThroughPointersToPrivateVariablesAreData) {
  // Each work-item's own storage: a load through &v reads its value, even
  // where the pointer is the same expression everywhere (a Monte Carlo
  // `rng(&state)`).  Before, `get(&v) > 3` was called uniform, and a remap
  // round nested in it put barriers where only some work-items arrive.
  auto C = conditionClasses(R"(
    static int get(const int *p) { return *p; }
    static uint rng(uint *s) { *s = *s * 1664525u + 1013904223u; return *s; }
    __kernel void k(__global const int *a, __global int *o) {
      int i = get_global_id(0);
      int v = a[i];
      int *pv = &v;
      uint state = (uint)i;
      if (get(&v) > 3) o[i] = 1;
      if (*pv > 3) o[i] = 2;
      if (rng(&state) & 1u) o[i] = 3;
      int w = 7;
      if (get(&w) > 3) o[0] = 4; /* still data: tdrc does not track it */
    })");
  ASSERT_EQ(C.size(), 4u);
  EXPECT_EQ(C[0], Dep::Data);
  EXPECT_EQ(C[1], Dep::Data);
  EXPECT_NE(C[2], Dep::Uniform);
  EXPECT_EQ(C[3], Dep::Data);
}

TEST(ThreadDependence, ControlDependenceMakesMergedValuesData) {
  auto C = conditionClasses(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int flag = 0;
      if (in[i] > 0) flag = 1;
      if (flag) out[i] = 1;
    })");
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[1], Dep::Data);
}

TEST(ThreadDependence, LoopCarriedAssignmentsReachFixpoint) {
  auto C = conditionClasses(R"(
    __kernel void k(__global const int *in, __global int *out, int n) {
      int i = get_global_id(0);
      int a = 0, b = 0, c = 0;
      for (int t = 0; t < n; ++t) { c = b; b = a; a = in[i]; }
      if (c > 0) out[i] = 1;
    })");
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0], Dep::Data);
}

TEST(ThreadDependence, DataDependentBreakTaintsLoopResults) {
  auto C = conditionClasses(R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int t = 0;
      for (t = 0; t < 8; ++t) {
        if (in[i * 8 + t] < 0) break;
      }
      if (t > 3) out[i] = 1;
    })");
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[1], Dep::Data);
}

TEST(ThreadDependence, DataDependentContinueKeepsTheTripCount) {
  // A continue skips the rest of an iteration, not the increment: the
  // counter stays uniform (a value assigned after the continue does not).
  auto C = conditionClasses(R"(
    __kernel void k(__global const int *in, __global int *out, int n) {
      int i = get_global_id(0);
      int t = 0, last = 0;
      for (t = 0; t < n; ++t) {
        if (in[i * 8 + t] < 0) continue;
        last = t;
      }
      if (t > 3) out[i] = 1;
      if (last > 3) out[i] = 2;
    })");
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[1], Dep::Uniform);
  EXPECT_EQ(C[2], Dep::Data);
}

TEST(ThreadDependence, ContinueThenBreakTaintsTheCounter) {
  // A break after a continue ends the loop early in some work-items.
  auto C = conditionClasses(R"(
    __kernel void k(__global const int *in, __global int *out, int n) {
      int i = get_global_id(0);
      int t = 0;
      for (t = 0; t < n; ++t) {
        if (in[i * 8 + t] < 0) continue;
        if (in[i * 8 + t] > 9) break;
      }
      if (t > 3) out[i] = 1;
    })");
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[2], Dep::Data);
}

TEST(ThreadDependence, HelperResultsFollowTheirArguments) {
  auto C = conditionClasses(R"(
    int twice(int x) { return 2 * x; }
    int fetch(__global const int *p, int j) { return p[j]; }
    __kernel void k(__global const int *in, __global int *out, int n) {
      int i = get_global_id(0);
      if (twice(n) > 4) out[0] = 1;
      if (twice(i) > 4) out[i] = 1;
      if (fetch(in, i) > 4) out[i] = 2;
      if (fetch(in, n) > 4) out[i] = 3;
    })");
  ASSERT_EQ(C.size(), 4u);
  EXPECT_EQ(C[0], Dep::Uniform);
  EXPECT_EQ(C[1], Dep::ThreadId);
  EXPECT_EQ(C[2], Dep::Data);
  EXPECT_EQ(C[3], Dep::Uniform);
}

TEST(ThreadDependence, AddressTakenVariablesAreData) {
  ParsedCL P = parseCL(R"(
    void set(int *p, int v) { *p = v; }
    __kernel void k(__global int *out) {
      int x = 0;
      set(&x, 3);
      if (x > 1) out[0] = 1;
    })");
  ThreadDependence TD(P.ctx(), P.function("k"));
  TD.run();
  auto Ifs = P.ifs("k");
  ASSERT_EQ(Ifs.size(), 1u);
  // Conservative: x's address escapes, so its value is not trusted.
  auto *DR = cast<DeclRefExpr>(
      cast<BinaryOperator>(Ifs[0]->getCond())->getLHS()->IgnoreImpCasts());
  EXPECT_TRUE(TD.isAddressTaken(cast<VarDecl>(DR->getDecl())));
}

TEST(ThreadDependence, LocalMemoryAtNeighbourIndexIsData) {
  auto C = conditionClasses(R"(
    __kernel void k(__global const int *in, __global int *out) {
      __local int tile[64];
      int l = get_local_id(0);
      tile[l] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      if (tile[(l + 1) % 64] > 0) out[l] = 1;
      if (tile[0] > 0) out[l] = 2;
    })");
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[0], Dep::Data);
  EXPECT_EQ(C[1], Dep::Uniform);
}

TEST(ThreadDependence, AtomicsAreData) {
  auto C = conditionClasses(R"(
    __kernel void k(__global int *ctr, __global int *out) {
      int t = atomic_inc(ctr);
      if (t < 10) out[t] = 1;
    })");
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0], Dep::Data);
}

} // namespace
