//===- SplitTest.cpp - A split kernel's plans, run by the runtime ----------===//
//
// split/splitpaths.tdr.cl is `tdrc --transforms=-*,split --force` of
// kernels/splitpaths.cl, written at build time (test/runtime/CMakeLists.txt).
// A kernel with a split plan chooses, per launch, between its plan (the
// "rewritten" variant: the lists plan where tdrc emitted one) and itself;
// whatever TDR_CHOOSE says, every launch must give the kernel's own output
// bit for bit, and a launch whose buffers make the plan illegal runs the
// kernel.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestUtil.h"
#include <cstring>

using namespace tdrc::rt;
using namespace tdrc::rt::test;

namespace {

constexpr Variant R = Variant::Rewritten, O = Variant::Original;

std::string fixture(const std::string &File) {
  return std::string(TDRC_SPLIT_KERNELS) + "/" + File;
}

std::vector<int> input(int N) {
  std::vector<int> V(N);
  unsigned X = 4242;
  for (int &E : V)
    E = int((X = X * 1103515245u + 12345u) >> 16) % 9 - 3;
  return V;
}

/// K(in, out, N) over Global work-items; out filled with a pattern first.
std::vector<uint32_t> run(const Context &C, Kernel &K, int N, size_t Global,
                          size_t Local) {
  Buffer In(C, input(N), CL_MEM_READ_ONLY);
  Buffer Out(C, std::vector<uint32_t>(N, 0xdeadbeefu));
  K.setArg(0, In);
  K.setArg(1, Out);
  K.setArg(2, N);
  K.launch({Global}, {Local});
  return Out.read<uint32_t>();
}

/// The kernel's own output: kernels/splitpaths.cl as it is.
std::vector<uint32_t> want(const Context &C, const char *Name, int N,
                           size_t Global, size_t Local) {
  Program P = Program::fromFile(C, fixture("splitpaths.cl"));
  Kernel K = P.kernel(Name);
  EXPECT_FALSE(K.hasChoice());
  return run(C, K, N, Global, Local);
}

TEST(Split, PlansAreFoundAndChosenByMeasurement) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr), Mode("TDR_CHOOSE", nullptr);
  Program P = Program::fromFile(C, fixture("splitpaths.tdr.cl"));
  EXPECT_FALSE(P.hasVariants()); // the kernels themselves are unchanged
  Kernel K = P.kernel("shade");
  ASSERT_TRUE(K.hasChoice());
  EXPECT_EQ(K.choice()->mode(), ChooseMode::Measure);
  EXPECT_EQ(K.numArgs(), 3u);
  // No `when`: the model cannot say, so the launches measure both.
  Bucket B{{1024}, {64}, {{"n", WhenValue::integer(1000)}}};
  EXPECT_EQ(K.choice()->model(B, std::nullopt), ChoicePolicy::Model::Measure);
}

TEST(Split, EveryModeGivesTheKernelsOutput) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  Program P = Program::fromFile(C, fixture("splitpaths.tdr.cl"));
  // Two sizes, the larger second: the lists buffer grows.
  const struct { int N; size_t Global, Local; } Sizes[] = {{1000, 1024, 64},
                                                            {5000, 5120, 128}};
  for (const char *Name : {"shade", "tagged"})
    for (const char *Mode : {"measure", "model", "rewritten", "original"}) {
      ScopedEnv E("TDR_CHOOSE", Mode);
      Kernel K = P.kernel(Name);
      unsigned Launches = 0;
      for (int I = 0; I < 5; ++I)
        for (const auto &S : Sizes) {
          EXPECT_EQ(run(C, K, S.N, S.Global, S.Local),
                    want(C, Name, S.N, S.Global, S.Local))
              << Name << ", " << Mode << ", launch " << I << ", n " << S.N
              << ", " << variantName(*K.lastVariant());
          ++Launches;
        }
      EXPECT_EQ(K.launches(R) + K.launches(O), Launches) << Name << Mode;
      if (!std::strcmp(Mode, "rewritten")) {
        EXPECT_EQ(K.launches(O), 0u) << Name; // the plan every time
      } else if (!std::strcmp(Mode, "measure")) {
        EXPECT_GT(K.launches(R), 0u) << Name; // the plan was timed
      } else { // original, and model (which cannot say: the kernel)
        EXPECT_EQ(K.launches(R), 0u) << Name << Mode;
      }
    }
}

TEST(Split, OneBufferReadAndWrittenRunsTheKernel) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr), Mode("TDR_CHOOSE", "rewritten");
  Program P = Program::fromFile(C, fixture("splitpaths.tdr.cl"));
  Kernel K = P.kernel("shade");
  constexpr int N = 1000;
  // in and out the same buffer: the parts read `in` before the branch and
  // the kernel writes `out`, so a later part would read an earlier's output.
  Buffer Both(C, input(N));
  K.setArg(0, Both);
  K.setArg(1, Both);
  K.setArg(2, N);
  K.launch({1024}, {64});
  EXPECT_EQ(K.lastVariant(), O);
  std::vector<uint32_t> Got = Both.read<uint32_t>();
  // What the kernel itself computes in place.
  Program Orig = Program::fromFile(C, fixture("splitpaths.cl"));
  Kernel KO = Orig.kernel("shade");
  Buffer Ref(C, input(N));
  KO.setArg(0, Ref);
  KO.setArg(1, Ref);
  KO.setArg(2, N);
  KO.launch({1024}, {64});
  EXPECT_EQ(Got, Ref.read<uint32_t>());
  // Apart again: the plan.
  EXPECT_EQ(run(C, K, N, 1024, 64), want(C, "shade", N, 1024, 64));
  EXPECT_EQ(K.lastVariant(), R);
}

TEST(Split, SubBuffersOfOneBufferRunTheKernel) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr), Mode("TDR_CHOOSE", "rewritten");
  Program P = Program::fromFile(C, fixture("splitpaths.tdr.cl"));
  Kernel K = P.kernel("shade");
  constexpr int N = 1024;
  std::vector<int> Data = input(N);
  Data.resize(2 * N, 0);
  Buffer Whole(C, Data);
  // Two sub-buffers of one buffer may overlap, and so may a buffer and its
  // sub-buffer: the runtime does not compare regions, so K runs.
  const cl_buffer_region Half[2] = {{0, N * sizeof(int)},
                                    {N * sizeof(int), N * sizeof(int)}};
  cl_int E0 = CL_SUCCESS, E1 = CL_SUCCESS;
  cl_mem In = clCreateSubBuffer(Whole.get(), CL_MEM_READ_WRITE,
                                CL_BUFFER_CREATE_TYPE_REGION, &Half[0], &E0);
  cl_mem Out = clCreateSubBuffer(Whole.get(), CL_MEM_READ_WRITE,
                                 CL_BUFFER_CREATE_TYPE_REGION, &Half[1], &E1);
  ASSERT_EQ(E0, CL_SUCCESS);
  ASSERT_EQ(E1, CL_SUCCESS);
  K.setArg(0, sizeof In, &In);
  K.setArg(1, sizeof Out, &Out);
  K.setArg(2, N);
  K.launch({1024}, {64});
  EXPECT_EQ(K.lastVariant(), O);
  K.setArg(0, Whole);
  K.launch({1024}, {64});
  EXPECT_EQ(K.lastVariant(), O);
  clReleaseMemObject(In);
  clReleaseMemObject(Out);
  // Apart again: the plan.
  EXPECT_EQ(run(C, K, N, 1024, 64), want(C, "shade", N, 1024, 64));
  EXPECT_EQ(K.lastVariant(), R);
}

TEST(Split, DescriptorsParse) {
  std::map<std::string, SplitPlans> M = parseSplitDescriptors(
      "/* tdrc-split: kernel=k parts=k__p0,k__p1 reads=0 writes=1,2 */\n"
      "  /* tdrc-split-lists: kernel=k list=k__list parts=k__w0,k__w1 reads=0 writes=1,2 */\n"
      "x = 1; /* tdrc-split: kernel=not parts=a,b */\n");
  ASSERT_EQ(M.size(), 1u);
  ASSERT_TRUE(M["k"].PerPath && M["k"].Lists);
  EXPECT_EQ(M["k"].Lists->List, "k__list");
  EXPECT_EQ(M["k"].Lists->Parts, (std::vector<std::string>{"k__w0", "k__w1"}));
  EXPECT_EQ(M["k"].PerPath->Writes, (std::vector<unsigned>{1, 2}));
  EXPECT_THROW(parseSplitDescriptors("/* tdrc-split: kernel=k */\n"), Error);
  EXPECT_THROW(parseSplitDescriptors("/* tdrc-split-lists: kernel=k parts=a,b */\n"),
               Error);
  EXPECT_THROW(parseSplitDescriptors("/* tdrc-split: kernel=k parts=k,b */\n"), Error);
  EXPECT_THROW(parseSplitDescriptors("/* tdrc-split: kernel=k parts=a,b reads=x */\n"),
               Error);
  EXPECT_THROW(parseSplitDescriptors("/* tdrc-split: kernel=k parts=a,b */\n"
                                     "/* tdrc-split: kernel=k parts=c,d */\n"),
               Error);
}

} // namespace
