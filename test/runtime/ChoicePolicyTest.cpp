//===- ChoicePolicyTest.cpp - Rewrite or original, without a device --------===//
#include "RuntimeTestUtil.h"
#include "tdrc/runtime/ChoicePolicy.h"
#include "tdrc/runtime/Variants.h"

using namespace tdrc::rt;
using namespace tdrc::rt::test;

namespace {

constexpr Variant R = Variant::Rewritten, O = Variant::Original;

Bucket bucket(int64_t Len, size_t Local = 256, size_t Global = 4096) {
  Bucket B;
  B.Global = {Global};
  if (Local)
    B.Local = {Local};
  B.Args = {{"len", WhenValue::integer(Len)}};
  return B;
}

ChoicePolicy policy(ChooseMode Mode, std::vector<std::string> *Log = nullptr,
                    size_t MaxBuckets = 256) {
  ChoicePolicy::Options Opts;
  Opts.Mode = Mode;
  Opts.MaxWg = 256;
  Opts.MaxBuckets = MaxBuckets;
  if (Log)
    Opts.Log = [Log](const std::string &L) { Log->push_back(L); };
  return ChoicePolicy("k", Opts);
}

/// Launches in B until it settles (at most 10), each reported with the
/// time Times gives its variant; the variants in order.
std::vector<Variant> explore(ChoicePolicy &P, const Bucket &B,
                             std::optional<bool> When, double TimeR,
                             double TimeO) {
  std::vector<Variant> Seen;
  for (int I = 0; I < 10; ++I) {
    ChoicePolicy::Decision D = P.choose(B, When);
    if (!D.Timed)
      break;
    Seen.push_back(D.V);
    P.report(B, D.V, D.V == R ? TimeR : TimeO);
  }
  return Seen;
}

TEST(ChoicePolicy, TheModel) {
  ChoicePolicy P = policy(ChooseMode::Model);
  using M = ChoicePolicy::Model;
  EXPECT_EQ(P.model(bucket(64), true), M::Rewritten);
  EXPECT_EQ(P.model(bucket(64, 128), true), M::Rewritten);
  EXPECT_EQ(P.model(bucket(2), false), M::Original);
  EXPECT_EQ(P.model(bucket(64, 512), true), M::Original); // above maxwg
  EXPECT_EQ(P.model(bucket(64, 512), std::nullopt), M::Original);
  EXPECT_EQ(P.model(bucket(64), std::nullopt), M::Measure);
  EXPECT_EQ(P.model(bucket(64, 0), true), M::Measure); // no local size
  EXPECT_EQ(P.model(bucket(64, 0), false), M::Original);
}

TEST(ChoicePolicy, MeasureAlternatesFromTheModelsPickThenKeepsTheFaster) {
  std::vector<std::string> Log;
  ChoicePolicy P = policy(ChooseMode::Measure, &Log);
  Bucket B = bucket(64);
  EXPECT_EQ(explore(P, B, true, 0.8, 1.25), (std::vector<Variant>{R, O, R, O}));
  for (int I = 0; I < 3; ++I) {
    ChoicePolicy::Decision D = P.choose(B, true);
    EXPECT_EQ(D.V, R);
    EXPECT_FALSE(D.Timed);
  }
  ASSERT_EQ(Log.size(), 1u);
  EXPECT_EQ(Log[0], "tdrc: k [g=4096 l=256 len=64]: original 1.25 ms, "
                    "rewritten 0.8 ms -> rewritten");
  // The model says the rewrite cannot pay (its rounds are off in the
  // kernel too): the original at once, untimed.
  Bucket Short = bucket(2);
  ChoicePolicy::Decision D = P.choose(Short, false);
  EXPECT_EQ(D.V, O);
  EXPECT_FALSE(D.Timed);
  EXPECT_EQ(P.find(Short)->Settled, O);
  EXPECT_EQ(P.buckets(), 2u);
}

TEST(ChoicePolicy, MeasurementOverrulesTheModel) {
  ChoicePolicy P = policy(ChooseMode::Measure);
  explore(P, bucket(64), true, 2.0, 1.0); // the model was wrong here
  EXPECT_EQ(P.choose(bucket(64), true).V, O);
  // Unknown condition: measured, and the rewrite wins where it is faster.
  explore(P, bucket(2), std::nullopt, 1.0, 2.0);
  EXPECT_EQ(P.choose(bucket(2), std::nullopt).V, R);
}

TEST(ChoicePolicy, TheMinimumOfTheSamplesCounts) {
  ChoicePolicy P = policy(ChooseMode::Measure);
  Bucket B = bucket(64);
  // The rewrite's first launch was slow (a first-launch compile): its
  // second sample decides.
  double Times[] = {9.0, 1.0, 0.5, 1.1};
  for (double T : Times) {
    ChoicePolicy::Decision D = P.choose(B, true);
    ASSERT_TRUE(D.Timed);
    P.report(B, D.V, T);
  }
  EXPECT_EQ(P.choose(B, true).V, R);
  EXPECT_EQ(P.find(B)->Times[int(R)], (std::vector<double>{9.0, 0.5}));
}

/// Launches in B with the I-th sample of each variant taken from TimesR /
/// TimesO, until it settles; the samples each variant took.
std::pair<unsigned, unsigned> sample(ChoicePolicy &P, const Bucket &B,
                                     const std::vector<double> &TimesR,
                                     const std::vector<double> &TimesO) {
  unsigned NR = 0, NO = 0;
  for (int I = 0; I < 40; ++I) {
    ChoicePolicy::Decision D = P.choose(B, true);
    if (!D.Timed)
      break;
    if (D.V == R && NR == TimesR.size())
      break;
    if (D.V == O && NO == TimesO.size())
      break;
    P.report(B, D.V, D.V == R ? TimesR[NR++] : TimesO[NO++]);
  }
  return {NR, NO};
}

TEST(ChoicePolicy, ANarrowWinOnShortLaunchesTakesMoreSamples) {
  // Below 0.2 ms a launch's time jitters by a few percent.  Here the
  // rewrite's first two were lucky (4% ahead): more samples, and the
  // original's third shows it 3% faster, which settles the bucket.
  std::vector<std::string> Log;
  ChoicePolicy P = policy(ChooseMode::Measure, &Log);
  Bucket B = bucket(16);
  std::vector<double> TimesR = {0.0250, 0.0201, 0.0235, 0.0236,
                                0.0234, 0.0235, 0.0236, 0.0235};
  std::vector<double> TimesO = {0.0228, 0.0209, 0.0195, 0.0196,
                                0.0197, 0.0196, 0.0195, 0.0196};
  EXPECT_EQ(sample(P, B, TimesR, TimesO), std::make_pair(3u, 3u));
  EXPECT_EQ(P.find(B)->Settled, O);
  ASSERT_EQ(Log.size(), 2u);
  EXPECT_EQ(Log[0], "tdrc: k [g=4096 l=256 len=16]: original 0.0209 ms, "
                    "rewritten 0.0201 ms: a narrow win on short launches, up "
                    "to 8 samples of each");
  EXPECT_EQ(Log[1], "tdrc: k [g=4096 l=256 len=16]: original 0.0195 ms, "
                    "rewritten 0.0201 ms -> original");
}

TEST(ChoicePolicy, ShortLaunchesStopAsSoonAsTheAnswerIsClear) {
  ChoicePolicy P = policy(ChooseMode::Measure);
  // The original wins: it is kept at once (it can never be slower).
  EXPECT_EQ(sample(P, bucket(1), {0.021, 0.021}, {0.020, 0.020}),
            std::make_pair(2u, 2u));
  EXPECT_EQ(P.find(bucket(1))->Settled, O);
  // The rewrite wins by more than 10%: no more samples needed.
  EXPECT_EQ(sample(P, bucket(2), {0.017, 0.017}, {0.020, 0.020}),
            std::make_pair(2u, 2u));
  EXPECT_EQ(P.find(bucket(2))->Settled, R);
  // A narrow win that turns into a loss at the third sample: settled there.
  EXPECT_EQ(sample(P, bucket(3), {0.0195, 0.0195, 0.0210, 0.021},
                   {0.020, 0.020, 0.0190, 0.019}),
            std::make_pair(3u, 3u));
  EXPECT_EQ(P.find(bucket(3))->Settled, O);
  // A narrow win that holds over eight samples each: the rewrite.
  std::vector<double> Eight(8, 0.0194), EightO(8, 0.020);
  EXPECT_EQ(sample(P, bucket(4), Eight, EightO), std::make_pair(8u, 8u));
  EXPECT_EQ(P.find(bucket(4))->Settled, R);
  // Long launches: two samples each even where the win is narrow.
  EXPECT_EQ(sample(P, bucket(5), {0.97, 0.97}, {1.0, 1.0}),
            std::make_pair(2u, 2u));
  EXPECT_EQ(P.find(bucket(5))->Settled, R);
}

TEST(ChoicePolicy, WithinOnePercentKeepsTheOriginal) {
  ChoicePolicy P = policy(ChooseMode::Measure);
  explore(P, bucket(1), true, 0.995, 1.0);
  EXPECT_EQ(P.choose(bucket(1), true).V, O);
  explore(P, bucket(2), true, 1.0, 1.0);
  EXPECT_EQ(P.choose(bucket(2), true).V, O);
  explore(P, bucket(3), true, 0.985, 1.0);
  EXPECT_EQ(P.choose(bucket(3), true).V, R);
}

TEST(ChoicePolicy, UnknownWhenStartsWithTheOriginal) {
  ChoicePolicy P = policy(ChooseMode::Measure);
  EXPECT_EQ(explore(P, bucket(5), std::nullopt, 0.5, 1.0),
            (std::vector<Variant>{O, R, O, R}));
  EXPECT_EQ(P.choose(bucket(5), std::nullopt).V, R);
}

TEST(ChoicePolicy, AMissingReportRepeatsTheLaunch) {
  ChoicePolicy P = policy(ChooseMode::Measure);
  Bucket B = bucket(64);
  EXPECT_EQ(P.choose(B, true).V, R); // say the launch threw: no report
  EXPECT_EQ(P.choose(B, true).V, R);
  P.report(B, R, 1.0);
  EXPECT_EQ(P.choose(B, true).V, O);
  P.report(B, R, 1.0); // a stray third sample of R is dropped
  P.report(B, R, 1.0);
  EXPECT_EQ(P.find(B)->Times[int(R)].size(), 2u);
  EXPECT_EQ(P.choose(B, true).V, O); // R has its samples: O until it has too
  P.report(B, O, 2.0);
  EXPECT_EQ(P.choose(B, true).V, O);
  P.report(B, O, 2.0);
  EXPECT_EQ(P.find(B)->Settled, R);
}

TEST(ChoicePolicy, BucketsAreIndependent) {
  ChoicePolicy P = policy(ChooseMode::Measure);
  Bucket A = bucket(64), B = bucket(64, 128), C = bucket(64, 256, 8192);
  explore(P, A, true, 1.0, 2.0);
  EXPECT_EQ(P.choose(B, true).Timed, true); // another local size: explored
  EXPECT_EQ(P.choose(C, true).Timed, true); // another global size too
  EXPECT_EQ(P.buckets(), 3u);
  EXPECT_FALSE(P.find(B)->Settled);
}

TEST(ChoicePolicy, AboveMaxWgTheOriginalWithoutMeasuring) {
  std::vector<std::string> Log;
  ChoicePolicy P = policy(ChooseMode::Measure, &Log);
  ChoicePolicy::Decision D = P.choose(bucket(64, 512), true);
  EXPECT_EQ(D.V, O);
  EXPECT_FALSE(D.Timed);
  ASSERT_EQ(Log.size(), 1u);
  EXPECT_EQ(Log[0], "tdrc: k [g=4096 l=512 len=64]: model (work-group of 512 "
                    "> maxwg 256) -> original");
}

TEST(ChoicePolicy, TheTableIsCapped) {
  std::vector<std::string> Log;
  ChoicePolicy P = policy(ChooseMode::Measure, &Log, 2);
  P.choose(bucket(1), true);
  P.choose(bucket(2), true);
  for (int64_t Len : {30, 31}) {
    ChoicePolicy::Decision D = P.choose(bucket(Len), true); // the model's
    EXPECT_EQ(D.V, R);
    EXPECT_FALSE(D.Timed);
  }
  EXPECT_EQ(P.choose(bucket(3), std::nullopt).V, O); // "measure": the original
  EXPECT_EQ(P.choose(bucket(4), false).V, O);
  EXPECT_EQ(P.buckets(), 2u);
  EXPECT_EQ(P.find(bucket(30)), nullptr);
  ASSERT_EQ(Log.size(), 1u); // said once
  EXPECT_EQ(Log[0], "tdrc: k: 2 buckets; the model chooses in new ones");
}

TEST(ChoicePolicy, ModelModeNeverMeasures) {
  std::vector<std::string> Log;
  ChoicePolicy P = policy(ChooseMode::Model, &Log);
  for (int I = 0; I < 3; ++I) {
    ChoicePolicy::Decision D = P.choose(bucket(64), true);
    EXPECT_EQ(D.V, R);
    EXPECT_FALSE(D.Timed);
    EXPECT_EQ(P.choose(bucket(2), false).V, O);
    EXPECT_EQ(P.choose(bucket(9), std::nullopt).V, O);
    EXPECT_EQ(P.choose(bucket(64, 0), true).V, O); // no local size: unknown
  }
  ASSERT_EQ(Log.size(), 4u); // once per bucket
  EXPECT_EQ(Log[0], "tdrc: k [g=4096 l=256 len=64]: model (when true) -> rewritten");
  EXPECT_EQ(Log[1], "tdrc: k [g=4096 l=256 len=2]: model (when false) -> original");
  EXPECT_EQ(Log[2], "tdrc: k [g=4096 l=256 len=9]: model (when unknown) -> original");
  EXPECT_EQ(Log[3], "tdrc: k [g=4096 l=auto len=64]: model (when true, no local "
                    "size) -> original");
}

TEST(ChoicePolicy, FixedModes) {
  std::vector<std::string> Log;
  ChoicePolicy PR = policy(ChooseMode::Rewritten, &Log);
  ChoicePolicy PO = policy(ChooseMode::Original, &Log);
  for (int I = 0; I < 2; ++I) {
    EXPECT_EQ(PR.choose(bucket(1), false).V, R);
    EXPECT_EQ(PR.choose(bucket(64, 1024), true).V, R);
    EXPECT_EQ(PO.choose(bucket(64), true).V, O);
    EXPECT_FALSE(PO.choose(bucket(64), true).Timed);
  }
  EXPECT_EQ(PR.buckets() + PO.buckets(), 0u);
  EXPECT_EQ(Log, (std::vector<std::string>{
                     "tdrc: k: TDR_CHOOSE=rewritten -> rewritten",
                     "tdrc: k: TDR_CHOOSE=original -> original"}));
}

TEST(ChoicePolicy, BucketLabels) {
  Bucket B;
  B.Global = {64, 32};
  B.Local = {16, 8};
  B.Args = {{"len", WhenValue::integer(-3)}, {"s", WhenValue::real(0.5)}};
  EXPECT_EQ(B.label(), "[g=64x32 l=16x8 len=-3 s=0.5]");
  EXPECT_EQ(B.groupSize(), 128u);
  EXPECT_EQ(bucket(7, 0).label(), "[g=4096 l=auto len=7]");
  EXPECT_EQ(bucket(7, 0).groupSize(), 0u);
}

TEST(ChoicePolicy, Environment) {
  {
    ScopedEnv E("TDR_CHOOSE", nullptr);
    EXPECT_EQ(chooseModeFromEnvironment(), ChooseMode::Measure);
  }
  const std::pair<const char *, ChooseMode> Modes[] = {
      {"", ChooseMode::Measure},
      {"measure", ChooseMode::Measure},
      {"model", ChooseMode::Model},
      {"rewritten", ChooseMode::Rewritten},
      {"original", ChooseMode::Original}};
  for (auto &[Text, Mode] : Modes) {
    ScopedEnv E("TDR_CHOOSE", Text);
    EXPECT_EQ(chooseModeFromEnvironment(), Mode) << Text;
  }
  ScopedEnv Bad("TDR_CHOOSE", "fastest");
  EXPECT_THROW(chooseModeFromEnvironment(), Error);
  {
    ScopedEnv L("TDR_LOG", "0");
    EXPECT_FALSE(logFromEnvironment());
  }
  ScopedEnv L("TDR_LOG", "1");
  EXPECT_TRUE(logFromEnvironment());
}

TEST(VariantDescriptors, Parse) {
  std::string Src =
      "// a kernel\n"
      "/* tdrc-variants: kernel=k original=k_tdr_original maxwg=256 when=(len) "
      ">= 24 */\n"
      "__kernel void k(int len) {}\n"
      "  /* tdrc-variants: kernel=m original=m_tdr_original maxwg=128 when=1 */\r\n"
      "__kernel void m() {}\n"
      "// mentions /* tdrc-variants: kernel=x */ in passing: not a descriptor\n";
  std::map<std::string, VariantDescriptor> D = parseVariantDescriptors(Src);
  ASSERT_EQ(D.size(), 2u);
  EXPECT_EQ(D["k"].Original, "k_tdr_original");
  EXPECT_EQ(D["k"].MaxWg, 256u);
  EXPECT_EQ(D["k"].When, "(len) >= 24");
  EXPECT_EQ(D["m"].MaxWg, 128u);
  EXPECT_EQ(D["m"].When, "1");
  EXPECT_TRUE(parseVariantDescriptors("__kernel void k() {}").empty());
  // Fields a later tdrc adds are skipped; when= runs to the end.
  D = parseVariantDescriptors("/* tdrc-variants: kernel=k original=o "
                              "rounds=2 maxwg=64 when=(a) || (b) */");
  EXPECT_EQ(D["k"].When, "(a) || (b)");
  EXPECT_LT(D["k"].Margin, 0.0); // absent: the policy's default
  // margin=: how much faster the rewrite must be (the dwa transform's 5%).
  D = parseVariantDescriptors("/* tdrc-variants: kernel=k original=o "
                              "maxwg=1048576 margin=0.05 when=1 */");
  EXPECT_DOUBLE_EQ(D["k"].Margin, 0.05);
  EXPECT_EQ(D["k"].MaxWg, 1048576u);
  EXPECT_FALSE(D["k"].MeasuredOnly);
  // measured=1: no model (dwa, bpu, loopsplit); `when` is not read.
  D = parseVariantDescriptors("/* tdrc-variants: kernel=k original=o "
                              "maxwg=1048576 margin=0.05 measured=1 when=1 */");
  EXPECT_TRUE(D["k"].MeasuredOnly);
}

TEST(VariantDescriptors, ScalarsOfADeviceOnlyFile) {
  // tdrc --device-only lists the scalar parameters (NVRTC's host has no
  // argument info); an empty list is a kernel without any.
  auto D = parseVariantDescriptors(
      "/* tdrc-variants: kernel=k original=k_tdr_original maxwg=256 "
      "scalars=n:3:int,len:4:uint,x:6:double when=(len) >= 24 */");
  ASSERT_TRUE(D["k"].HasScalars);
  ASSERT_EQ(D["k"].Scalars.size(), 3u);
  EXPECT_EQ(D["k"].Scalars[1].Name, "len");
  EXPECT_EQ(D["k"].Scalars[1].Index, 4u);
  EXPECT_EQ(D["k"].Scalars[1].Type, "uint");
  EXPECT_EQ(D["k"].Scalars[2].Type, "double");
  EXPECT_EQ(D["k"].When, "(len) >= 24");
  D = parseVariantDescriptors("/* tdrc-variants: kernel=k original=o "
                              "maxwg=64 scalars= when=1 */");
  EXPECT_TRUE(D["k"].HasScalars);
  EXPECT_TRUE(D["k"].Scalars.empty());
  D = parseVariantDescriptors("/* tdrc-variants: kernel=k original=o "
                              "maxwg=64 when=1 */");
  EXPECT_FALSE(D["k"].HasScalars);
  for (const char *Bad : {"scalars=n:int", "scalars=n:x:int",
                          "scalars=n:1:struct", "scalars=:1:int",
                          "scalars=n:1:int,"})
    EXPECT_THROW(parseVariantDescriptors(
                     std::string("/* tdrc-variants: kernel=k original=o "
                                 "maxwg=64 ") +
                     Bad + " when=1 */"),
                 Error)
        << Bad;
}

TEST(VariantDescriptors, MalformedThrows) {
  for (const char *Bad : {
           "/* tdrc-variants: kernel=k original=o maxwg=256 */",
           "/* tdrc-variants: kernel=k maxwg=256 when=1 */",
           "/* tdrc-variants: kernel=k original=o maxwg=x when=1 */",
           "/* tdrc-variants: kernel=k original=o maxwg=0 when=1 */",
           "/* tdrc-variants: kernel=k original=o maxwg=256 when= */",
           "/* tdrc-variants: kernel=k original=o maxwg=256 when=1",
           "/* tdrc-variants: kernel=k original=o junk maxwg=256 when=1 */",
           "/* tdrc-variants: kernel=k original=o maxwg=256 margin=1.5 when=1 */",
           "/* tdrc-variants: kernel=k original=o maxwg=256 margin=x when=1 */",
           "/* tdrc-variants: kernel=k original=o maxwg=256 measured=2 when=1 */",
           "/* tdrc-variants: kernel=k original=o maxwg=256 when=1 */\n"
           "/* tdrc-variants: kernel=k original=o maxwg=256 when=1 */"})
    EXPECT_THROW(parseVariantDescriptors(Bad), Error) << Bad;
}

TEST(VariantDescriptors, ScalarArguments) {
  int32_t I = -5;
  uint32_t U = 4000000000u;
  int16_t Sh = -2;
  uint8_t C = 200;
  int64_t L = -(int64_t(1) << 40);
  float F = 1.5f;
  double D = -0.25;
  EXPECT_EQ(decodeScalarArg("int", &I, 4)->I, -5);
  EXPECT_EQ(decodeScalarArg("const int", &I, 4)->I, -5);
  EXPECT_EQ(decodeScalarArg("uint", &U, 4)->I, 4000000000);
  EXPECT_EQ(decodeScalarArg("unsigned int", &U, 4)->I, 4000000000);
  EXPECT_EQ(decodeScalarArg("short", &Sh, 2)->I, -2);
  EXPECT_EQ(decodeScalarArg("uchar", &C, 1)->I, 200);
  EXPECT_EQ(decodeScalarArg("char", &C, 1)->I, -56);
  EXPECT_EQ(decodeScalarArg("long", &L, 8)->I, L);
  EXPECT_TRUE(decodeScalarArg("float", &F, 4)->IsFloat);
  EXPECT_EQ(decodeScalarArg("float", &F, 4)->F, 1.5);
  EXPECT_EQ(decodeScalarArg("double", &D, 8)->F, -0.25);
  EXPECT_EQ(decodeScalarArg("int", &I, 8), std::nullopt); // size mismatch
  EXPECT_EQ(decodeScalarArg("int*", &I, 8), std::nullopt);
  EXPECT_EQ(decodeScalarArg("float4", &F, 16), std::nullopt);
  EXPECT_EQ(decodeScalarArg("int", nullptr, 4), std::nullopt);
  EXPECT_EQ(scalarTypeSize("ulong"), 8u);
  EXPECT_EQ(scalarTypeSize("unsigned short"), 2u);
  EXPECT_EQ(scalarTypeSize("int2"), 0u);
}

} // namespace
