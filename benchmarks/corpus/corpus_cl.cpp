// benchmarks/corpus harness (through runtime/cl, NVIDIA's OpenCL on the GPU):
//   corpus_cl KERNEL LEN SHIFT PATHS CUT ORIGINAL.cl [VARIANT.cl...]
// For the original on random keys, the original on the ideal input (keys
// sorted by path within each work-group of 256), and each variant (a tdrc
// output; with --keep-original's the runtime chooses per launch), prints
// "FILE ms checksum": the median kernel time of 41 launches (profiling
// events) after 10 warm-up launches, in which a choice settles; the
// variants' timed launches alternate, one each in turn, each round starting
// one variant later (identical kernels measured 1-2% apart on an H100 with
// a fixed order and the mean of 20); all variants share their buffers.
#include "tdrc/runtime/Runtime.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <memory>
#include <string>
#include <vector>

using namespace tdrc::rt;

namespace {
constexpr int N = 1 << 22, Warm = 10, Reps = 41;

struct Input {
  std::vector<int> Keys;
  std::vector<float> X;
};

Input input(int Shift, int Paths, int Cut, bool Sorted) {
  Input In{std::vector<int>(N), std::vector<float>(N)};
  std::mt19937 Rng(12345);
  for (int I = 0; I < N; ++I) {
    In.Keys[I] = int(Rng() & 0x7fffffff);
    In.X[I] = float(Rng() & 0xffffff) / 16777216.0f;
  }
  auto Path = [&](int K) {
    return Cut ? (((K >> Shift) & 15) < Cut ? 0 : 1) : (K >> Shift) % Paths;
  };
  if (Sorted)
    for (int B = 0; B < N; B += 256) {
      std::vector<std::pair<int, float>> KV;
      for (int I = B; I < B + 256; ++I)
        KV.push_back({In.Keys[I], In.X[I]});
      std::stable_sort(KV.begin(), KV.end(), [&](auto &L, auto &R) {
        return Path(L.first) < Path(R.first);
      });
      for (int I = 0; I < 256; ++I) {
        In.Keys[B + I] = KV[I].first;
        In.X[B + I] = KV[I].second;
      }
    }
  return In;
}

/// The buffers every variant shares, so that none is timed on memory
/// placed better or worse than another's (with a set per variant, identical
/// kernels measured up to 3% apart on an H100).
struct Buffers {
  Buffer Keys, X, SortedKeys, SortedX, OutF, OutU;
  Buffers(const Context &C, const Input &Random, const Input &Sorted)
      : Keys(C, Random.Keys), X(C, Random.X), SortedKeys(C, Sorted.Keys),
        SortedX(C, Sorted.X), OutF(C, std::vector<float>(N, 0.0f)),
        OutU(C, std::vector<unsigned>(N, 0u)) {}
};

/// One program's kernel with its arguments set, for interleaved timing.
struct Run {
  std::string Label;
  Program P;
  Kernel K;
  std::vector<double> Ms;
  Run(const Context &C, const std::string &File, const std::string &Name,
      int Len, Buffers &B, bool Sorted, std::string L)
      : Label(std::move(L)), P(Program::fromFile(C, File)), K(P.kernel(Name)) {
    K.setArg(0, Sorted ? B.SortedKeys : B.Keys);
    K.setArg(1, Sorted ? B.SortedX : B.X);
    K.setArg(2, B.OutF);
    K.setArg(3, B.OutU);
    K.setArg(4, Len);
    K.setArg(5, N);
  }
  double launch() {
    cl_event E = nullptr;
    K.launch({size_t(N)}, {256}, &E);
    double Ms = eventMillis(E);
    clReleaseEvent(E);
    return Ms;
  }
  /// One more launch into cleared outputs, then its checksum and the
  /// median time.
  void print(Buffers &B) {
    std::vector<unsigned> Zero(N, 0u);
    B.OutF.write(Zero.data(), N * sizeof(unsigned));
    B.OutU.write(Zero.data(), N * sizeof(unsigned));
    launch();
    std::vector<unsigned> F = B.OutF.read<unsigned>(), U = B.OutU.read<unsigned>();
    unsigned long long Sum = 1469598103934665603ull;
    for (int I = 0; I < N; ++I)
      Sum = (Sum ^ F[I] ^ ((unsigned long long)U[I] << 32)) * 1099511628211ull;
    std::sort(Ms.begin(), Ms.end());
    std::printf("%s %.5f %016llx\n", Label.c_str(), Ms[Ms.size() / 2], Sum);
  }
};
} // namespace

int main(int argc, char **argv) {
  if (argc < 7) {
    std::fprintf(stderr, "usage: %s KERNEL LEN SHIFT PATHS CUT ORIGINAL.cl [VARIANT.cl...]\n", argv[0]);
    return 2;
  }
  std::string Name = argv[1];
  int Len = std::atoi(argv[2]), Shift = std::atoi(argv[3]),
      Paths = std::atoi(argv[4]), Cut = std::atoi(argv[5]);
  try {
    Context C = Context::createDefault(/*Profiling=*/true);
    Buffers B(C, input(Shift, Paths, Cut, false), input(Shift, Paths, Cut, true));
    std::vector<std::unique_ptr<Run>> Runs;
    Runs.push_back(std::make_unique<Run>(C, argv[6], Name, Len, B, false, "original"));
    Runs.push_back(std::make_unique<Run>(C, argv[6], Name, Len, B, true, "ideal"));
    for (int A = 7; A < argc; ++A)
      Runs.push_back(std::make_unique<Run>(C, argv[A], Name, Len, B, false, argv[A]));
    // Warm-up (a choice settles here), then the variants in turn, launch by
    // launch, so that clock and cache drift fall on all of them alike.
    for (auto &R : Runs)
      for (int I = 0; I < Warm; ++I)
        R->launch();
    for (int I = 0; I < Reps; ++I)
      for (size_t J = 0; J < Runs.size(); ++J) {
        Run &R = *Runs[(I + J) % Runs.size()];
        R.Ms.push_back(R.launch());
      }
    for (auto &R : Runs)
      R->print(B);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "corpus_cl: %s\n", E.what());
    return 2;
  }
  return 0;
}
