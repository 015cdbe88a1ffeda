//===- LoopSplitTest.cpp - The loopsplit transform's analyses -------------===//
//
// Which roots may alias, what a statement's footprint holds (private
// variables handed out as pointers), and how a loop's statements group.
//
//===----------------------------------------------------------------------===//
#include "../../lib/TDR/LoopSplit/LoopSplitPlan.h"
#include "TestAST.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace tdrc;
using namespace tdrc::test;

namespace {

const ForStmt *firstFor(const Stmt *S) {
  if (!S)
    return nullptr;
  if (auto *F = dyn_cast<ForStmt>(S))
    return F;
  for (const Stmt *C : S->children())
    if (const ForStmt *F = firstFor(C))
      return F;
  return nullptr;
}

const ParmVarDecl *param(const FunctionDecl *K, StringRef Name) {
  for (const ParmVarDecl *P : K->parameters())
    if (P->getName() == Name)
      return P;
  return nullptr;
}

/// The groups of kernel k's first loop, as the body indices of each.
std::vector<std::vector<unsigned>> groupsOf(const std::string &Code,
                                            std::string *Why = nullptr) {
  ParsedCL P = parseCL(Code);
  KernelAnalyses A(P.ctx(), P.function("k"));
  FootprintScope Scope(A);
  SplitLoop L;
  L.For = firstFor(A.Body);
  std::vector<Footprint> Fs;
  for (const Stmt *S : cast<CompoundStmt>(L.For->getBody())->body()) {
    L.Body.push_back(S);
    Fs.push_back(footprintOf(Scope, S));
  }
  if (auto W = partitionLoop(A, Fs, L)) {
    if (Why)
      *Why = *W;
    return {};
  }
  return L.Groups;
}

} // namespace

TEST(LoopSplit, RootsAliasUnlessRestrictOrApart) {
  ParsedCL P = parseCL(R"(
    __kernel void k(__global float *a, __global float *b,
                    __global float *restrict r, __constant float *c) {
      __local float t[8];
      __local float u[8];
      a[0] = b[0] + r[0] + c[0] + t[0] + u[0];
    })");
  const FunctionDecl *K = P.function("k");
  const VarDecl *A = param(K, "a"), *B = param(K, "b"), *R = param(K, "r"),
                *C = param(K, "c");
  KernelAnalyses An(P.ctx(), K);
  const VarDecl *T = nullptr, *U = nullptr;
  for (const Stmt *S : An.Body->body())
    if (auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        (cast<VarDecl>(D)->getName() == "t" ? T : U) = cast<VarDecl>(D);
  EXPECT_TRUE(mayAlias(A, B));  // two global pointers
  EXPECT_FALSE(mayAlias(A, R)); // restrict
  EXPECT_FALSE(mayAlias(A, C)); // another address space
  EXPECT_FALSE(mayAlias(A, T)); // global and local
  EXPECT_FALSE(mayAlias(T, U)); // two distinct arrays
  EXPECT_TRUE(mayAlias(T, T));
}

TEST(LoopSplit, IndependentAccumulationsGroupApart) {
  auto G = groupsOf(R"(
    __kernel void k(__global const float *restrict in, __global float *restrict o, int n) {
      float s = 0.0f, t = 0.0f;
      for (int j = 0; j < n; ++j) {
        float v = in[j];
        s += v;
        t = fmax(t, v);
      }
      o[0] = s + t;
    })");
  // The declaration is repeated in both groups.
  ASSERT_EQ(G.size(), 2u);
  EXPECT_EQ(G[0], (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(G[1], (std::vector<unsigned>{0, 2}));
}

TEST(LoopSplit, ChainsAndSharedMemoryJoin) {
  std::string Why;
  auto G = groupsOf(R"(
    __kernel void k(__global float *a, __global float *b, int n) {
      float s = 0.0f, m = 0.0f;
      for (int j = 0; j < n; ++j) {
        s += a[j];
        m = fmax(m, s);
        b[j] = 1.0f;
      }
      a[0] = m;
    })", &Why);
  EXPECT_TRUE(G.empty());
  EXPECT_NE(Why.find("share 's'"), std::string::npos) << Why;
}

TEST(LoopSplit, ArraysHandedOutAsPointersAreWritten) {
  // bump(arr, ...) and a store through pa (which holds arr) write arr: the
  // statement that reads arr stays with them.
  for (const char *Write : {"bump(arr, j);", "pa[j & 3] += j;"}) {
    std::string Code = std::string(R"(
      static void bump(int *a, int v) { a[v & 3] += v; }
      __kernel void k(__global const int *restrict in, __global int *restrict o, int n) {
        int arr[4] = {0, 0, 0, 0};
        int *pa = arr;
        int s = 0;
        for (int j = 0; j < n; ++j) {
          s += arr[j & 3];
          )") + Write + R"(
        }
        o[0] = s + in[0] + *pa;
      })";
    std::string Why;
    EXPECT_TRUE(groupsOf(Code, &Why).empty()) << Write;
    EXPECT_NE(Why.find("share 'arr'"), std::string::npos) << Why;
  }
}

TEST(LoopSplit, GlobalPointersCannotReachPrivateVariables) {
  // s's address is taken, but a load through a __global pointer cannot
  // reach it: the fmax group stays apart.
  auto G = groupsOf(R"(
    static void acc(float *a, float v) { *a += v; }
    __kernel void k(__global const float *restrict in, __global float *restrict o, int n) {
      float s = 0.0f, t = 0.0f;
      for (int j = 0; j < n; ++j) {
        acc(&s, 1.0f);
        t = fmax(t, in[j]);
      }
      o[0] = s + t;
    })");
  EXPECT_EQ(G.size(), 2u);
}
