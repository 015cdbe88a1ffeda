//===- RemapUnitsTest.cpp - Liveness, fragments, path costs, emission -----===//
//
// The remap transform's parts that had no units of their own: which state
// migrates (written parameters included), which branches share a round,
// what a path costs, and that the emitted edits apply to the file.
//
//===----------------------------------------------------------------------===//
#include "TestAST.h"
#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/PathCost.h"
#include "tdrc/TDR/Remap/RemapEmitter.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "clang/Basic/SourceManager.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace tdrc;
using namespace tdrc::test;

namespace {

KernelPlan forced(ParsedCL &P, std::optional<Algorithm> A = std::nullopt) {
  PlannerOptions O;
  O.Force = true;
  O.Algorithm = A;
  return planKernel(P.ctx(), P.function("k"), O);
}

// Liveness: a parameter the kernel writes before the branch holds a
// work-item's own value and must move with it; one never written is the
// same everywhere and stays.
TEST(RemapLiveness, WrittenParametersMigrate) {
  ParsedCL P = parseCL(R"(
    __kernel void k(__global const int *in, __global int *out, int n) {
      int i = get_global_id(0);
      in += 2 * i;
      n -= i & 3;
      int x = in[0];
      if (x > 0) out[i] = in[1] + n; else out[i] = n;
    })");
  KernelPlan Plan = forced(P);
  ASSERT_EQ(Plan.Rounds.size(), 1u);
  std::string Live = liveSummary(Plan.Rounds[0]);
  EXPECT_NE(Live.find("m:in "), std::string::npos) << Live;
  EXPECT_NE(Live.find("m:n "), std::string::npos) << Live;
  EXPECT_EQ(Live.find("out"), std::string::npos) << Live;
}

// Fragments: a later sibling whose condition reads nothing the first
// branch's paths change joins its round as a new digit; one that reads a
// result of the first starts a round of its own.
TEST(RemapFragments, IndependentSiblingJoinsDependentOneDoesNot) {
  ParsedCL P = parseCL(R"(
    __kernel void k(__global const int *a, __global const int *b,
                    __global int *out) {
      int i = get_global_id(0);
      int x = a[i], y = b[i], r = 0;
      if (x > 0) r += x * 3; else r -= x;
      if (y > 0) r += y * 5; else r -= y;
      if (r > 7) r *= 2; else r += 1;
      out[i] = r;
    })");
  KernelPlan Plan = forced(P, Algorithm::DGI);
  ASSERT_EQ(Plan.Rounds.size(), 2u);
  EXPECT_EQ(Plan.Rounds[0].Members.size(), 2u); // x and y: one fragment
  EXPECT_EQ(Plan.Rounds[0].Paths, 4u);          // two digits of two paths
  EXPECT_EQ(Plan.Rounds[1].Members.size(), 1u); // r depends on both
}

// Path costs: a loop over a kernel argument costs its body times the
// argument, symbolically; a constant loop is a number.
TEST(RemapPathCost, ArgumentLoopsAreSymbolic) {
  ParsedCL P = parseCL(R"(
    __kernel void k(__global float *out, int len) {
      int i = get_global_id(0);
      float v = out[i];
      if (v > 0.5f) { for (int j = 0; j < len; ++j) v = v * 1.5f + 1.0f; }
      else { for (int j = 0; j < 8; ++j) v = v * 0.5f; }
      out[i] = v;
    })");
  KernelAnalyses A(P.ctx(), P.function("k"));
  PathCost PC(P.ctx(), P.function("k"), A.Written);
  std::vector<const IfStmt *> Ifs = P.ifs("k");
  ASSERT_EQ(Ifs.size(), 1u);
  SymbolicCost Then = PC.of(Ifs[0]->getThen());
  SymbolicCost Else = PC.of(Ifs[0]->getElse());
  EXPECT_TRUE(Then.symbolic());
  EXPECT_NE(Then.text().find("len"), std::string::npos) << Then.text();
  EXPECT_FALSE(Else.symbolic());
  EXPECT_GT(Else.Const, 0);
}

// Emission: the plan's edits apply to the file without overlaps, start the
// body with the marker the front end recognises, and keep the rest.
TEST(RemapEmitter, EditsApplyAndCarryTheMarker) {
  const char *Code = R"(
    __kernel void k(__global const int *in, __global int *out) {
      int i = get_global_id(0);
      int x = in[i];
      if (x > 0) { for (int j = 0; j < 64; ++j) x = x * 3 + j; }
      else { for (int j = 0; j < 64; ++j) x = x * 5 - j; }
      out[i] = x;
    })";
  ParsedCL P = parseCL(Code);
  KernelPlan Plan = forced(P);
  ASSERT_TRUE(Plan.rewrites());
  EditList Edits;
  std::string Why;
  ASSERT_TRUE(emitKernel(P.ctx(), Plan, dialectFor(P.ctx().getLangOpts()),
                         Edits, Why))
      << Why;
  const SourceManager &SM = P.ctx().getSourceManager();
  llvm::Expected<std::string> Out =
      Edits.apply("input.cl", SM.getBufferData(SM.getMainFileID()));
  ASSERT_TRUE(bool(Out)) << llvm::toString(Out.takeError());
  EXPECT_NE(Out->find("/* tdrc: thread-data remapping state"),
            std::string::npos);
  EXPECT_NE(Out->find("out[i] = x;"), std::string::npos);
  EXPECT_NE(Out->find("barrier(CLK_LOCAL_MEM_FENCE"), std::string::npos);
}

} // namespace
