//===- FeedbackLoopTest.cpp - N across launches of a --feedback kernel -----===//
//
// classify.tdr.cl was rewritten with --feedback --neighbors 64: its DGI round
// (four paths and the inactive key, work-groups of 256) starts at N = 64.
// Balanced path counts keep N there; one rare path next to a dominant one
// makes the model move N down after the first launch, and it then stays.
// Every launch's output must equal the original kernel's.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestUtil.h"
#include <cstdio>

using namespace tdrc::rt;
using namespace tdrc::rt::test;

namespace {

constexpr size_t Items = 256 * 64; // 64 work-groups

/// Paths 0..3 in turn: every key equally common in every neighbourhood.
std::vector<int> balanced() {
  std::vector<int> V(Items);
  for (size_t I = 0; I < Items; ++I)
    V[I] = int(I % 4);
  return V;
}

/// Path 0 everywhere but the first item of every 64, which takes path 1.
std::vector<int> skewed() {
  std::vector<int> V(Items, 0);
  for (size_t I = 0; I < Items; I += 64)
    V[I] = 1;
  return V;
}

std::vector<unsigned> launches(const Context &C, const std::vector<int> &In,
                               int Times) {
  ScopedEnv Off("TDR_DISABLE", nullptr);
  Program P = Program::fromFile(C, kernelPath("classify.tdr.cl"));
  Kernel K = P.kernel("classify");
  EXPECT_TRUE(K.hasFeedback());
  std::vector<uint32_t> Want = originalClassify(C, In);
  for (int T = 0; T < Times; ++T) {
    EXPECT_EQ(runClassify(C, K, In), Want) << "launch " << T;
    // The report covers every work-item of every group, once.
    const std::vector<RoundFeedback> &R = K.lastFeedback();
    EXPECT_EQ(R.size(), 1u);
    if (R.size() != 1)
      break;
    uint64_t Sum = 0;
    for (const RoundFeedback::Key &Key : R[0].PerKey)
      Sum += Key.Items;
    EXPECT_EQ(R[0].Groups, Items / 256);
    EXPECT_EQ(Sum, Items);
    EXPECT_EQ(R[0].Keys, 5u);
  }
  std::printf("N per launch:");
  for (unsigned N : K.neighborsUsed())
    std::printf(" %u", N);
  std::printf("\n");
  return K.neighborsUsed();
}

TEST(FeedbackLoop, SkewedPathCountsChangeN) {
  TDRC_NEED_DEVICE(C);
  std::vector<unsigned> Used = launches(C, skewed(), 4);
  ASSERT_EQ(Used.size(), 4u);
  EXPECT_EQ(Used[0], 64u); // --neighbors 64
  EXPECT_LT(Used[1], Used[0]) << "the model kept N on skewed counts";
  EXPECT_EQ(Used[2], Used[1]) << "N did not settle";
  EXPECT_EQ(Used[3], Used[1]);
}

TEST(FeedbackLoop, BalancedPathCountsKeepN) {
  TDRC_NEED_DEVICE(C);
  std::vector<unsigned> Used = launches(C, balanced(), 3);
  ASSERT_EQ(Used.size(), 3u);
  EXPECT_EQ(Used, std::vector<unsigned>(3, 64u));
}

TEST(FeedbackLoop, FeedbackOffPassesNullAndKeepsN) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  Program P = Program::fromFile(C, kernelPath("classify.tdr.cl"));
  Kernel K = P.kernel("classify");
  K.setFeedback(false);
  std::vector<int> In = skewed();
  EXPECT_EQ(runClassify(C, K, In), originalClassify(C, In));
  EXPECT_EQ(runClassify(C, K, In), originalClassify(C, In));
  EXPECT_TRUE(K.neighborsUsed().empty());
  EXPECT_EQ(K.neighbors(), 0u);
}

TEST(FeedbackLoop, ArgumentsFollowTheKernelToItsNewBuild) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  Program P = Program::fromFile(C, kernelPath("classify.tdr.cl"));
  Kernel K = P.kernel("classify");
  std::vector<int> In = skewed();
  std::vector<uint32_t> Want = originalClassify(C, In);
  Buffer BIn(C, In, CL_MEM_READ_ONLY);
  Buffer BOut(C, In.size() * sizeof(uint32_t));
  K.setArg(0, BIn);
  K.setArg(1, BOut);
  K.setArg(2, int(In.size()));
  cl_kernel First = K.get();
  K.launch({Items}, {256});
  ASSERT_NE(K.neighbors(), 0u) << "no switch, nothing to check";
  EXPECT_NE(K.get(), First); // another build, another kernel object
  BOut.write(std::vector<uint32_t>(Items, 0).data(), Items * sizeof(uint32_t));
  K.launch({Items}, {256}); // no setArg in between
  EXPECT_EQ(BOut.read<uint32_t>(), Want);
  EXPECT_EQ(K.neighborsUsed().back(), K.neighbors());
}

} // namespace
