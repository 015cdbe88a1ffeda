// cnn: one convolutional layer's forward and backward pass on OpenCL, with
// the kernels tdrc rewrote and with the originals, checked against the CPU
// and timed stage by stage.
//
//   cnn [--large] [--runs N] [--seed S] [--kernels DIR]
//
// Exit status: 0 all checks passed, 1 a check failed (MISMATCH lines),
// 2 a usage or OpenCL error.
#include "Check.h"
#include "Pipeline.h"
#include "Reference.h"
#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

using namespace tdrc::rt;

namespace {

struct Options {
  bool Large = false;
  int Runs = 5;
  unsigned Seed = 1;
  std::string KernelDir; // default: next to the executable (tdrc's COPY)
};

[[noreturn]] void usage(const char *Why) {
  std::fprintf(stderr, "cnn: %s\nusage: cnn [--large] [--runs N] [--seed S] "
                       "[--kernels DIR]\n", Why);
  std::exit(2);
}

Options parse(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    bool HasValue = I + 1 < Argc;
    if (A == "--large")
      O.Large = true;
    else if (A == "--runs" && HasValue)
      O.Runs = std::atoi(Argv[++I]);
    else if (A == "--seed" && HasValue)
      O.Seed = unsigned(std::strtoul(Argv[++I], nullptr, 10));
    else if (A == "--kernels" && HasValue)
      O.KernelDir = Argv[++I];
    else
      usage(("unknown or incomplete option '" + A + "'").c_str());
  }
  if (O.Runs < 1)
    usage("--runs must be at least 1");
  if (O.KernelDir.empty())
    O.KernelDir = std::filesystem::canonical("/proc/self/exe").parent_path();
  return O;
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

// Every stage of one set's run against the CPU, each from the device's own
// input to that stage, so that all but the GEMM must match bit for bit.
bool check(const std::string &Set, const Shapes &S, const Inputs &In,
           const Outputs &Out, const std::vector<float> &RefCol,
           const ref::Gemm &RefZ) {
  bool Ok = sameBits(Set + " im2col", Out.Col, RefCol);
  // Float sums of `taps` terms in any order, FMA or not, stay within
  // taps * eps of the terms' magnitude; twice that leaves room.
  Ok &= withinBound(Set + " GEMM", Out.Z, RefZ.Z, RefZ.Magnitude,
                    2.0 * S.taps() * FLT_EPSILON);
  Ok &= sameBits(Set + " bias+ReLU", Out.Y, ref::biasRelu(S, Out.Z, In.Bias));
  std::vector<float> Pooled;
  std::vector<int> Argmax;
  ref::maxpoolForward(S, Out.Y, Pooled, Argmax);
  Ok &= sameBits(Set + " max-pool forward", Out.Pooled, Pooled);
  Ok &= sameBits(Set + " max-pool argmax", Out.Argmax, Argmax);
  Ok &= sameBits(Set + " max-pool backward", Out.Dz,
                 ref::maxpoolBackward(S, Out.Y, Out.Argmax, In.Dout));
  return Ok;
}

// The two sets must agree on everything they compute, the GEMM aside (the
// same CLBlast call: it agrees too unless CLBlast is not deterministic).
bool sameOutputs(const Outputs &A, const Outputs &B) {
  bool Ok = sameBits("tdrc vs original: im2col", A.Col, B.Col);
  Ok &= sameBits("tdrc vs original: bias+ReLU", A.Y, B.Y);
  Ok &= sameBits("tdrc vs original: max-pool forward", A.Pooled, B.Pooled);
  Ok &= sameBits("tdrc vs original: argmax", A.Argmax, B.Argmax);
  Ok &= sameBits("tdrc vs original: max-pool backward", A.Dz, B.Dz);
  return Ok;
}

void printShapes(const Shapes &S) {
  std::printf("layer: %d x %d x %d x %d input, %d filters %dx%d (pad %d), "
              "ReLU, max-pool %dx%d stride %d -> %d x %d x %d x %d\n",
              S.batch, S.channels, S.height, S.width, S.filters, S.ksize,
              S.ksize, S.pad, S.pool, S.pool, S.stride, S.batch, S.filters,
              S.pooledH(), S.pooledW());
}

void printTimes(const std::vector<StageTimes> &Tdrc,
                const std::vector<StageTimes> &Orig, const KernelSet &A,
                const KernelSet &B, int Runs) {
  std::printf("\nmedian of %d runs, ms (OpenCL profiling events)\n", Runs);
  std::printf("%-20s %12s %12s %9s  %s\n", "stage", "tdrc", "original",
              "speedup", "kernel");
  double SumA = 0, SumB = 0;
  for (int St = 0; St < NumStages; ++St) {
    std::vector<double> Ta, Tb;
    for (const StageTimes &T : Tdrc)
      Ta.push_back(T[St]);
    for (const StageTimes &T : Orig)
      Tb.push_back(T[St]);
    double Ma = median(Ta), Mb = median(Tb);
    SumA += Ma;
    SumB += Mb;
    const char *What = St == Gemm ? "CLBlast, not rewritten"
                       : A.source(Stage(St)) == B.source(Stage(St))
                           ? "unchanged by tdrc"
                           : "rewritten by tdrc";
    std::printf("%-20s %12.4f %12.4f %8.2fx  %s\n", stageName(Stage(St)), Ma,
                Mb, Mb / Ma, What);
  }
  std::printf("%-20s %12.4f %12.4f %8.2fx\n", "total", SumA, SumB, SumB / SumA);
}

int runAll(const Options &O) {
  Shapes S = O.Large ? Shapes::large() : Shapes::small();
  Context C = Context::createDefault(/*Profiling=*/true);
  std::printf("device: %s (%s)\n", C.deviceInfo().Name.c_str(),
              C.deviceInfo().Version.c_str());
  printShapes(S);
  if (Program::disabledByEnvironment())
    std::printf("note: TDR_DISABLE is set, so the tdrc column runs the "
                "original kernels too\n");

  Inputs In = Inputs::random(S, O.Seed);
  Buffers B(C, S, In);
  KernelSet Tdrc(C, S, B, O.KernelDir, ".tdr.cl");
  KernelSet Orig(C, S, B, O.KernelDir, ".cl");

  // One run of each set for the checks (it also builds CLBlast's kernels).
  Tdrc.run();
  Outputs OutTdrc = Outputs::read(B);
  Orig.run();
  Outputs OutOrig = Outputs::read(B);

  std::vector<float> RefCol = ref::im2col(S, In.X);
  ref::Gemm RefZ = ref::gemm(S, In.W, RefCol);
  bool Ok = check("tdrc", S, In, OutTdrc, RefCol, RefZ);
  Ok &= check("original", S, In, OutOrig, RefCol, RefZ);
  Ok &= sameOutputs(OutTdrc, OutOrig);
  size_t Positive = std::count_if(OutTdrc.Y.begin(), OutTdrc.Y.end(),
                                  [](float V) { return V > 0.0f; });
  std::printf("checks: %s (ReLU passes %.1f%% of the elements)\n",
              Ok ? "all stages match the CPU reference, and tdrc's kernels "
                   "the originals bit for bit"
                 : "FAILED",
              100.0 * Positive / OutTdrc.Y.size());

  // Alternate the sets so that clocks and caches treat both alike.
  std::vector<StageTimes> TTdrc, TOrig;
  for (int R = 0; R < O.Runs; ++R) {
    TTdrc.push_back(Tdrc.run());
    TOrig.push_back(Orig.run());
  }
  printTimes(TTdrc, TOrig, Tdrc, Orig, O.Runs);
  return Ok ? 0 : 1;
}

} // namespace

int main(int Argc, char **Argv) {
  try {
    return runAll(parse(Argc, Argv));
  } catch (const std::exception &E) { // tdrc::rt::Error: with the build log
    std::fprintf(stderr, "cnn: %s\n", E.what());
    return 2;
  }
}
