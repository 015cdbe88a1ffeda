//===- KernelUsageTest.cpp - ptxas -v parsing, running ptxas, estimates ---===//
//
// Inputs/ptxas holds real ptxas 13.0 output (README.md there says how it
// was made); the expected figures are the ones ptxas printed.
//
//===----------------------------------------------------------------------===//
#include "tdrc/Occupancy/KernelUsage.h"
#include "gtest/gtest.h"
#include <fstream>
#include <sstream>

using namespace tdrc;

namespace {

std::string input(const std::string &Name) {
  std::ifstream In(std::string(TDRC_UNIT_INPUTS) + "/ptxas/" + Name);
  std::stringstream S;
  S << In.rdbuf();
  EXPECT_FALSE(S.str().empty()) << Name;
  return S.str();
}

TEST(PtxasVerbose, Sm90AllEntries) {
  std::string T = input("nvcc13-sm90.txt");
  auto All = parsePtxasVerboseAll(T);
  ASSERT_EQ(All.size(), 4u);
  EXPECT_EQ(All[0].first, "cfun");
  EXPECT_EQ(All[1].first, "_Z5spillPfPKfi");
  EXPECT_EQ(All[2].first, "_Z6reducePfPKf");
  EXPECT_EQ(All[3].first, "_Z3addPfPKfi");

  auto R = parsePtxasVerbose(T, "_Z6reducePfPKf");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Registers, 12u);
  EXPECT_EQ(R->SharedBytes, 1024u);
  EXPECT_EQ(R->StackFrameBytes, 0u);
  EXPECT_TRUE(R->Source.empty());

  auto S = parsePtxasVerbose(T, "_Z5spillPfPKfi");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Registers, 32u);
  EXPECT_EQ(S->SharedBytes, 0u);
  EXPECT_EQ(S->StackFrameBytes, 256u);

  auto A = parsePtxasVerbose(T, "_Z3addPfPKfi");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Registers, 10u);
  EXPECT_EQ(A->SharedBytes, 0u);
}

TEST(PtxasVerbose, EmptyEntryTakesTheFirst) {
  auto U = parsePtxasVerbose(input("nvcc13-sm90.txt"), "");
  ASSERT_TRUE(U);
  EXPECT_EQ(U->Registers, 10u); // cfun
}

TEST(PtxasVerbose, UnknownEntry) {
  EXPECT_FALSE(parsePtxasVerbose(input("nvcc13-sm90.txt"), "reduce"));
  EXPECT_FALSE(parsePtxasVerbose("", "cfun"));
  EXPECT_FALSE(parsePtxasVerbose("ptxas info    : 0 bytes gmem\n", ""));
}

// sm_75 adds cmem[0] to the "Used" line; -maxrregcount adds "Overriding"
// lines first and causes spills; a noinline device function gets
// properties but no "Used" line.
TEST(PtxasVerbose, Sm75SpillsCmemDeviceFunction) {
  std::string T = input("nvcc13-sm75-maxrreg32.txt");
  auto All = parsePtxasVerboseAll(T);
  ASSERT_EQ(All.size(), 3u);

  auto C = parsePtxasVerbose(T, "_Z9usesConstPf");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Registers, 12u);
  EXPECT_EQ(C->SharedBytes, 800u);

  auto P = parsePtxasVerbose(T, "_Z8pressurePfPKfi");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Registers, 32u);
  EXPECT_EQ(P->StackFrameBytes, 192u);
  EXPECT_EQ(P->SpillStoreBytes, 364u);
  EXPECT_EQ(P->SpillLoadBytes, 388u);

  auto H = parsePtxasVerbose(T, "_Z11callsHelperPfi");
  ASSERT_TRUE(H);
  EXPECT_EQ(H->Registers, 10u);
  EXPECT_FALSE(parsePtxasVerbose(T, "_Z6helperfi"));
}

// Two targets in one output: the first target's figures.
TEST(PtxasVerbose, TwoTargetsFirstWins) {
  std::string T = input("nvcc13-sm75-sm90.txt");
  auto All = parsePtxasVerboseAll(T);
  ASSERT_EQ(All.size(), 4u);
  auto S = parsePtxasVerbose(T, "_Z5spillPfPKfi");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Registers, 64u); // sm_75's; sm_90 printed 32
}

// Variants not produced by ptxas 13.0: the "static+param" smem of old
// releases, a singular "register", no "ptxas info" prefix, CRLF.
TEST(PtxasVerbose, OlderAndLooseVariants) {
  const char *Old =
      "ptxas info    : Compiling entry function '_Z1kPi' for 'sm_13'\n"
      "ptxas info    : Used 4 registers, 16+16 bytes smem, 4 bytes cmem[1]\n";
  auto O = parsePtxasVerbose(Old, "_Z1kPi");
  ASSERT_TRUE(O);
  EXPECT_EQ(O->Registers, 4u);
  EXPECT_EQ(O->SharedBytes, 32u);

  const char *Loose = "Compiling entry function 'k' for 'sm_90'\r\n"
                      "Function properties for k\r\n"
                      "Used 1 register, 0 bytes smem\r\n"
                      "Compiling entry function 'k2' for 'sm_90'\r\n"
                      "Used 7 registers, 24 bytes smem\r\n";
  auto K = parsePtxasVerbose(Loose, "k");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->Registers, 1u);
  auto K2 = parsePtxasVerbose(Loose, "k2");
  ASSERT_TRUE(K2);
  EXPECT_EQ(K2->Registers, 7u);
  EXPECT_EQ(K2->SharedBytes, 24u);
}

// The build log of NVIDIA's OpenCL with -cl-nv-verbose (driver 580.159.04,
// H200, ifelse_basic rewritten by tdrc): ptxas lines after a front-end
// warning, the target sm_90a.
TEST(PtxasVerbose, NvidiaOpenCLBuildLog) {
  std::string T = input("nvidia-opencl-580-h200-buildlog.txt");
  auto All = parsePtxasVerboseAll(T);
  ASSERT_EQ(All.size(), 1u);
  auto U = parsePtxasVerbose(T, "ifelse_basic");
  ASSERT_TRUE(U);
  EXPECT_EQ(U->Registers, 20u);
  EXPECT_EQ(U->SharedBytes, 2316u);
  EXPECT_EQ(U->StackFrameBytes, 0u);
}

TEST(PtxTarget, Lines) {
  EXPECT_EQ(ptxTarget(".version 8.8\n.target sm_90\n"), "sm_90");
  EXPECT_EQ(ptxTarget("  .target sm_90a\n"), "sm_90a");
  EXPECT_EQ(ptxTarget(".target sm_86, texmode_independent\n"), "sm_86");
  EXPECT_EQ(ptxTarget("// .target sm_70\n"), "");
  EXPECT_EQ(ptxTarget(""), "");
}

TEST(PtxasUsage, RunsPtxas) {
  if (findPtxas().empty())
    GTEST_SKIP() << "no ptxas";
  std::string Ptx = std::string(TDRC_UNIT_INPUTS) + "/ptxas/reduce-sm90.ptx";
  std::string Why;
  auto U = ptxasUsage(Ptx, "_Z6reducePfPKf", "", Why);
  ASSERT_TRUE(U) << Why;
  EXPECT_EQ(U->Registers, 12u);
  EXPECT_EQ(U->SharedBytes, 1024u);
  EXPECT_EQ(U->Source, "measured: ptxas sm_90");

  auto U100 = ptxasUsage(Ptx, "_Z6reducePfPKf", "sm_100", Why);
  ASSERT_TRUE(U100) << Why;
  EXPECT_EQ(U100->Source, "measured: ptxas sm_100");
  EXPECT_EQ(U100->SharedBytes, 1024u);
}

TEST(PtxasUsage, Errors) {
  if (findPtxas().empty())
    GTEST_SKIP() << "no ptxas";
  std::string Ptx = std::string(TDRC_UNIT_INPUTS) + "/ptxas/reduce-sm90.ptx";
  std::string Why;
  // A .target sm_90 module cannot be assembled for an older target.
  EXPECT_FALSE(ptxasUsage(Ptx, "_Z6reducePfPKf", "sm_80", Why));
  EXPECT_NE(Why.find("failed"), std::string::npos) << Why;
  Why.clear();
  EXPECT_FALSE(ptxasUsage(Ptx, "nope", "", Why));
  EXPECT_NE(Why.find("nope"), std::string::npos) << Why;
  Why.clear();
  EXPECT_FALSE(ptxasUsage("/nonexistent.ptx", "", "sm_90", Why));
  EXPECT_FALSE(Why.empty());
  Why.clear();
  EXPECT_FALSE(ptxasUsage("/nonexistent.ptx", "", "", Why));
  EXPECT_NE(Why.find("no sm_XX target"), std::string::npos) << Why;
}

TEST(Estimate, FloorPlusLiveWords) {
  KernelUsage U = estimateUsage(0, 0);
  EXPECT_EQ(U.Registers, EstimateBaseRegisters);
  EXPECT_EQ(U.Source, "estimate");
  U = estimateUsage(48, 2048);
  EXPECT_EQ(U.Registers, EstimateBaseRegisters + 48);
  EXPECT_EQ(U.SharedBytes, 2048u);
  EXPECT_EQ(estimateUsage(1000, 0).Registers, 255u);
  EXPECT_EQ(estimateUsage(1000, 0, 128).Registers, 128u);
  EXPECT_EQ(estimateUsage(~0u, 0).Registers, 255u);
}

// The model against its own basis (docs/occupancy.md, H200 table).
TEST(Estimate, RegistersAfterRemap) {
  RemapShape Hot1;
  Hot1.HotRounds = 1;
  EXPECT_EQ(estimateRegistersAfterRemap(10, Hot1), 20u); // ifelse_basic: 20
  EXPECT_EQ(estimateRegistersAfterRemap(8, Hot1), 20u);  // if_only: 20
  EXPECT_EQ(estimateRegistersAfterRemap(18, Hot1), 20u); // live_scalars: 20
  EXPECT_EQ(estimateRegistersAfterRemap(20, Hot1), 22u); // live_vectors: 23
  RemapShape Hot2 = Hot1;
  Hot2.HotRounds = 2;
  EXPECT_EQ(estimateRegistersAfterRemap(10, Hot2), 22u); // data_early_return
  RemapShape Hot2D = Hot1;
  Hot2D.Dims = 2;
  EXPECT_EQ(estimateRegistersAfterRemap(10, Hot2D), 28u); // ndrange_2d_guard
  RemapShape Dgi;
  Dgi.DgiRounds = 1;
  EXPECT_EQ(estimateRegistersAfterRemap(10, Dgi), 32u);
  EXPECT_EQ(estimateRegistersAfterRemap(40, Dgi), 42u);
  EXPECT_EQ(estimateRegistersAfterRemap(254, Dgi), 255u);
  EXPECT_EQ(estimateRegistersAfterRemap(10, Dgi, 24), 24u);
  EXPECT_EQ(estimateRegistersAfterRemap(13, RemapShape()), 13u);
}

} // namespace
