//===- ChoiceTest.cpp - Rewrite or original per launch, on the device ------===//
//
// keep-original/twopaths.tdr.cl is tdrc --keep-original's output for
// twopaths.cl, written at build time (test/runtime/CMakeLists.txt): the DGI
// rewrite, with --feedback, under `when=(len) >= 83`, and the original as
// twopaths_tdr_original.  Whatever TDR_CHOOSE says, every
// launch must give the original kernel's output bit for bit and run exactly
// one variant.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestUtil.h"
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

using namespace tdrc::rt;
using namespace tdrc::rt::test;

namespace {

constexpr Variant R = Variant::Rewritten, O = Variant::Original;
constexpr size_t Global = 256 * 16;
constexpr int Items = int(Global) - 100; // the last group partly inactive
constexpr int Long = 96, Short = 2;      // when=(len) >= 83: true, false

std::string fixture(const std::string &File) {
  return std::string(TDRC_KEEP_ORIGINAL_KERNELS) + "/" + File;
}

std::vector<int> input() {
  std::vector<int> V(Items);
  unsigned X = 777;
  for (int &E : V)
    E = int((X = X * 1103515245u + 12345u) >> 16) % 7 - 3;
  return V;
}

cl_uint clNumArgs(cl_kernel K) {
  cl_uint N = 0;
  EXPECT_EQ(clGetKernelInfo(K, CL_KERNEL_NUM_ARGS, sizeof N, &N, nullptr),
            CL_SUCCESS);
  return N;
}

/// twopaths(in, out, Items, Len) once, out filled with a pattern first.
std::vector<uint32_t> run(const Context &C, Kernel &K, int Len,
                          std::vector<size_t> Local = {256}) {
  std::vector<int> In = input();
  Buffer BIn(C, In, CL_MEM_READ_ONLY);
  Buffer BOut(C, std::vector<uint32_t>(Items, 0xdeadbeefu));
  K.setArg(0, BIn);
  K.setArg(1, BOut);
  K.setArg(2, Items);
  K.setArg(3, Len);
  K.launch({Global}, Local);
  return BOut.read<uint32_t>();
}

/// The original kernel's output: twopaths.cl as it is.
std::vector<uint32_t> original(const Context &C, int Len) {
  Program P = Program::fromFile(C, fixture("twopaths.cl"));
  Kernel K = P.kernel("twopaths");
  EXPECT_FALSE(K.hasChoice());
  return run(C, K, Len);
}

Program load(const Context &C) {
  return Program::fromFile(C, fixture("twopaths.tdr.cl"));
}

Bucket bucketOf(int Len, size_t Local = 256) {
  return {{Global}, {Local}, {{"len", WhenValue::integer(Len)}}};
}

/// Launches at Len until its bucket settles (at most 16 launches).
void settle(const Context &C, Kernel &K, int Len) {
  for (int I = 0; I < 16; ++I) {
    const ChoicePolicy::BucketState *S = K.choice()->find(bucketOf(Len));
    if (S && S->Settled)
      return;
    run(C, K, Len);
  }
  ADD_FAILURE() << "len " << Len << " did not settle in 16 launches";
}

/// The fixture and its kernel, loaded with TDR_DISABLE unset and TDR_CHOOSE
/// set to Mode (nullptr: unset, the default).
struct Loaded {
  ScopedEnv Off, Mode;
  Program P;
  Kernel K;
  Loaded(const Context &C, const char *ModeValue)
      : Off("TDR_DISABLE", nullptr), Mode("TDR_CHOOSE", ModeValue), P(load(C)),
        K(P.kernel("twopaths")) {}
};

TEST(Choice, BothVariantsFromOneBuildWithTdrHostChooses) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  ScopedEnv Mode("TDR_CHOOSE", nullptr);
  Program P = load(C);
  EXPECT_TRUE(P.hasVariants());
  EXPECT_NE(P.buildOptions().find(" -DTDR_HOST_CHOOSES"), std::string::npos);
  Kernel K = P.kernel("twopaths");
  ASSERT_TRUE(K.hasChoice());
  EXPECT_EQ(K.choice()->mode(), ChooseMode::Measure);
  EXPECT_EQ(K.choice()->options().MaxWg, 256u);
  EXPECT_TRUE(K.hasFeedback());
  EXPECT_EQ(K.numArgs(), 4u);
  EXPECT_EQ(clNumArgs(K.get()), 5u);         // and tdr_feedback
  EXPECT_EQ(clNumArgs(K.getOriginal()), 4u); // the original has none
  EXPECT_EQ(K.lastVariant(), std::nullopt);
  // The original by its own name is a plain kernel.
  Kernel Orig = P.kernel("twopaths_tdr_original");
  EXPECT_FALSE(Orig.hasChoice());
  EXPECT_EQ(Orig.getOriginal(), nullptr);
  EXPECT_EQ(run(C, Orig, Long), original(C, Long));
}

TEST(Choice, EveryModeGivesTheOriginalsOutput) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  Program P = load(C);
  std::vector<uint32_t> Want[2] = {original(C, Short), original(C, Long)};
  for (const char *Mode : {"measure", "model", "rewritten", "original"}) {
    ScopedEnv E("TDR_CHOOSE", Mode);
    Kernel K = P.kernel("twopaths");
    int Launches = 0;
    for (int I = 0; I < 6; ++I)
      for (int L : {0, 1}) {
        EXPECT_EQ(run(C, K, L ? Long : Short), Want[L])
            << Mode << ", launch " << I << ", len " << (L ? Long : Short)
            << ", " << variantName(*K.lastVariant());
        ++Launches;
      }
    // One variant per launch.
    EXPECT_EQ(K.launches(R) + K.launches(O), unsigned(Launches)) << Mode;
    if (!std::strcmp(Mode, "rewritten")) {
      EXPECT_EQ(K.launches(O), 0u);
    } else if (!std::strcmp(Mode, "original")) {
      EXPECT_EQ(K.launches(R), 0u);
    } else {
      EXPECT_GT(K.launches(R), 0u) << Mode; // len 96: the rewrite pays
      EXPECT_GT(K.launches(O), 0u) << Mode;
    }
  }
}

TEST(Choice, MeasureExploresBothVariantsThenKeepsOne) {
  TDRC_NEED_DEVICE(C);
  Loaded L(C, "measure");
  Kernel &K = L.K;
  for (int Len : {Long, Short}) {
    std::vector<Variant> Seen;
    const ChoicePolicy::BucketState *S = nullptr;
    for (int I = 0; I < 16 && !(S && S->Settled); ++I) {
      run(C, K, Len);
      Seen.push_back(*K.lastVariant());
      S = K.choice()->find(bucketOf(Len));
    }
    ASSERT_NE(S, nullptr);
    ASSERT_TRUE(S->Settled) << "len " << Len;
    // The model's pick first; each variant's first launch per kernel object
    // (a new N builds new ones) is not timed and is repeated; two timed
    // samples each.
    if (Len == Short) { // the rewrite cannot pay: the original, untried
      EXPECT_EQ(Seen, std::vector<Variant>{O});
      continue;
    }
    EXPECT_EQ(Seen[0], R);
    EXPECT_GE(std::count(Seen.begin(), Seen.end(), R), 2);
    EXPECT_GE(std::count(Seen.begin(), Seen.end(), O), 2);
    for (const std::vector<double> &T : S->Times) {
      ASSERT_EQ(T.size(), 2u);
      EXPECT_GT(T[0], 0.0);
    }
    for (int I = 0; I < 3; ++I) {
      run(C, K, Len);
      EXPECT_EQ(K.lastVariant(), *S->Settled) << "len " << Len;
    }
    std::printf("len %d: %zu launches to settle; original %.3f ms, "
                "rewritten %.3f ms -> %s\n",
                Len, Seen.size(), std::min(S->Times[1][0], S->Times[1][1]),
                std::min(S->Times[0][0], S->Times[0][1]),
                variantName(*S->Settled));
  }
  EXPECT_EQ(K.choice()->buckets(), 2u);
}

TEST(Choice, ModelFollowsWhen) {
  TDRC_NEED_DEVICE(C);
  Loaded L(C, "model");
  Kernel &K = L.K;
  for (auto [Len, Want] : {std::pair{Long, R}, {Short, O}, {83, R}, {82, O},
                           {Long, R}, {Short, O}}) {
    // New buffers each time, set while the other variant launched last: a
    // variant catches up on the arguments it missed before it runs.
    EXPECT_EQ(run(C, K, Len), original(C, Len)) << "len " << Len;
    EXPECT_EQ(K.lastVariant(), Want) << "len " << Len;
  }
  run(C, K, Long, {}); // the implementation picks the size: unknown
  EXPECT_EQ(K.lastVariant(), O);
  if (C.deviceInfo().MaxWorkGroupSize >= 512) { // above maxwg=256
    EXPECT_EQ(run(C, K, Long, {512}), original(C, Long));
    EXPECT_EQ(K.lastVariant(), O);
  }
  EXPECT_EQ(K.launches(R), 3u);
}

/// The fixture with `measured=1` in its descriptor (a dwa, bpu or
/// loopsplit rewrite's: no model), loaded under TDR_CHOOSE=Mode.
std::string text(const std::string &File) {
  std::ifstream In(fixture(File));
  return std::string((std::istreambuf_iterator<char>(In)),
                     std::istreambuf_iterator<char>());
}

Kernel measuredOnly(const Context &C, Program &P) {
  std::string Src = text("twopaths.tdr.cl");
  size_t At = Src.find(" when=");
  EXPECT_NE(At, std::string::npos);
  Src.insert(At, " measured=1");
  P = Program::fromSource(C, Src, text("twopaths.cl"), "twopaths");
  return P.kernel("twopaths");
}

TEST(Choice, MeasuredOnlyIsNeverTheModelsPick) {
  TDRC_NEED_DEVICE(C);
  {
    // `when` holds at Long, but the model has no opinion: the original.
    ScopedEnv Off("TDR_DISABLE", nullptr), Mode("TDR_CHOOSE", "model");
    Program P = load(C);
    Kernel K = measuredOnly(C, P);
    ASSERT_TRUE(K.hasChoice());
    EXPECT_TRUE(K.choice() != nullptr);
    for (int Len : {Long, Short}) {
      EXPECT_EQ(run(C, K, Len), original(C, Len));
      EXPECT_EQ(K.lastVariant(), O) << "len " << Len;
    }
    EXPECT_EQ(K.launches(R), 0u);
  }
  // Measured: the original first, then both, at Short too (the model's
  // `when` false does not stop the trial).
  ScopedEnv Off("TDR_DISABLE", nullptr), Mode("TDR_CHOOSE", "measure");
  Program P = load(C);
  Kernel K = measuredOnly(C, P);
  for (int Len : {Long, Short}) {
    std::vector<Variant> Seen;
    for (int I = 0; I < 16; ++I) {
      EXPECT_EQ(run(C, K, Len), original(C, Len));
      Seen.push_back(*K.lastVariant());
      const ChoicePolicy::BucketState *S = K.choice()->find(bucketOf(Len));
      if (S && S->Settled)
        break;
    }
    EXPECT_EQ(Seen[0], O) << "len " << Len;
    EXPECT_GE(std::count(Seen.begin(), Seen.end(), R), 2) << "len " << Len;
  }
}

TEST(Choice, TheFeedbackLoopRebuildsBothVariants) {
  TDRC_NEED_DEVICE(C);
  Loaded L(C, "measure");
  Program &P = L.P;
  Kernel &K = L.K;
  cl_kernel Orig0 = K.getOriginal();
  std::vector<uint32_t> Want = original(C, Long);
  EXPECT_EQ(run(C, K, Long), Want); // the rewrite first (the model's pick)
  ASSERT_EQ(K.lastVariant(), R);
  ASSERT_EQ(K.neighborsUsed().size(), 1u); // its DGI round reported
  EXPECT_EQ(K.neighborsUsed()[0], 16u);    // tdrc's default N
  ASSERT_NE(K.neighbors(), 0u) << "no other N: nothing to check here";
  // The original now comes from the build for the new N, as the rewrite.
  cl_kernel Orig1 = K.getOriginal();
  EXPECT_NE(Orig1, Orig0);
  cl_program PR = nullptr, PO = nullptr;
  clGetKernelInfo(K.get(), CL_KERNEL_PROGRAM, sizeof PR, &PR, nullptr);
  clGetKernelInfo(Orig1, CL_KERNEL_PROGRAM, sizeof PO, &PO, nullptr);
  EXPECT_EQ(PR, PO);
  EXPECT_EQ(PR, P.build(K.neighbors()));
  for (int I = 0; I < 8 && K.launches(O) < 2; ++I)
    EXPECT_EQ(run(C, K, Long), Want) << "launch " << I; // args follow
  EXPECT_EQ(K.launches(O), 2u);
  // Only the rewrite reports (the original has no tdr_feedback).
  EXPECT_EQ(K.neighborsUsed().size(), K.launches(R));
  std::printf("N per rewritten launch:");
  for (unsigned N : K.neighborsUsed())
    std::printf(" %u", N);
  std::printf("\n");
}

TEST(Choice, TdrLogPrintsOneLinePerDecision) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Log("TDR_LOG", "1");
  Loaded L(C, nullptr);
  Kernel &K = L.K;
  ::testing::internal::CaptureStderr();
  settle(C, K, Long);
  for (int I = 0; I < 3; ++I) // settled: nothing more to say
    run(C, K, Long);
  std::string Err = ::testing::internal::GetCapturedStderr();
  std::printf("%s", Err.c_str());
  const std::string Head = "tdrc: twopaths [g=4096 l=256 len=96]: original ";
  EXPECT_EQ(Err.rfind(Head, 0), 0u) << Err;
  EXPECT_EQ(std::count(Err.begin(), Err.end(), '\n'), 1) << Err;
  EXPECT_NE(Err.find(" ms, rewritten "), std::string::npos) << Err;
  EXPECT_NE(Err.find(std::string(" ms -> ") +
                     variantName(*K.choice()->find(bucketOf(Long))->Settled) +
                     "\n"),
            std::string::npos)
      << Err;
}

TEST(Choice, AProfilingQueueTimesWithEvents) {
  TDRC_NEED_DEVICE(Shared);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  ScopedEnv Mode("TDR_CHOOSE", nullptr);
  Context C = Context::createDefault(/*Profiling=*/true);
  {
    Program P = load(C);
    Kernel K = P.kernel("twopaths");
    std::vector<uint32_t> Want = original(C, Long);
    EXPECT_EQ(run(C, K, Long), Want);
    settle(C, K, Long);
    EXPECT_EQ(run(C, K, Long), Want);
    const ChoicePolicy::BucketState *S = K.choice()->find(bucketOf(Long));
    ASSERT_NE(S, nullptr);
    EXPECT_TRUE(S->Settled);
    EXPECT_GT(S->Times[0][0], 0.0);
    EXPECT_GT(S->Times[1][0], 0.0);
  }
  (void)Shared;
}

/// The caller's own event of every launch, timed or not (the CNN example
/// profiles its stages with them): complete, with a start and an end.
TEST(Choice, TheCallerGetsEachLaunchsEvent) {
  TDRC_NEED_DEVICE(Shared);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  ScopedEnv Mode("TDR_CHOOSE", nullptr);
  Context C = Context::createDefault(/*Profiling=*/true);
  Program P = load(C);
  Kernel K = P.kernel("twopaths");
  std::vector<int> In = input();
  Buffer BIn(C, In, CL_MEM_READ_ONLY);
  Buffer BOut(C, std::vector<uint32_t>(Items, 0u));
  K.setArg(0, BIn);
  K.setArg(1, BOut);
  K.setArg(2, Items);
  K.setArg(3, Long);
  for (int I = 0; I < 10; ++I) { // exploration (timed) and after it
    cl_event E = nullptr;
    K.launch({Global}, {256}, &E);
    ASSERT_NE(E, nullptr) << "launch " << I;
    ASSERT_EQ(clWaitForEvents(1, &E), CL_SUCCESS);
    cl_ulong Start = 0, End = 0;
    EXPECT_EQ(clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_START,
                                      sizeof Start, &Start, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_END, sizeof End,
                                      &End, nullptr),
              CL_SUCCESS);
    EXPECT_GE(End, Start);
    clReleaseEvent(E);
  }
  EXPECT_EQ(BOut.read<uint32_t>(), original(C, Long));
  (void)Shared;
}

TEST(Choice, TdrDisableLoadsTheOriginalAlone) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv On("TDR_DISABLE", "1");
  Program P = load(C);
  EXPECT_TRUE(P.isOriginal());
  EXPECT_EQ(P.origin(), fixture("twopaths.cl"));
  EXPECT_FALSE(P.hasVariants());
  EXPECT_EQ(P.buildOptions().find("TDR_HOST_CHOOSES"), std::string::npos);
  Kernel K = P.kernel("twopaths");
  EXPECT_FALSE(K.hasChoice());
  EXPECT_FALSE(K.hasFeedback());
  EXPECT_EQ(run(C, K, Long), original(C, Long));
  EXPECT_EQ(K.lastVariant(), std::nullopt);
  EXPECT_EQ(K.launches(R) + K.launches(O), 0u);
}

TEST(Choice, ABadTdrChooseThrows) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  ScopedEnv Mode("TDR_CHOOSE", "fastest");
  Program P = load(C);
  EXPECT_THROW(P.kernel("twopaths"), Error);
}

TEST(Choice, SourcesWithoutDescriptorsAreUnchanged) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  ScopedEnv Mode("TDR_CHOOSE", "original"); // no effect without a choice
  Program P = Program::fromFile(C, kernelPath("classify.tdr.cl"));
  EXPECT_FALSE(P.hasVariants());
  EXPECT_EQ(P.buildOptions().find("TDR_HOST_CHOOSES"), std::string::npos);
  Kernel K = P.kernel("classify");
  EXPECT_FALSE(K.hasChoice());
  EXPECT_EQ(K.choice(), nullptr);
  std::vector<int> In(1000, 2);
  EXPECT_EQ(runClassify(C, K, In), originalClassify(C, In));
  EXPECT_EQ(K.lastVariant(), std::nullopt);
  EXPECT_EQ(K.neighborsUsed().size(), 1u); // the rewrite ran and reported
}

} // namespace
