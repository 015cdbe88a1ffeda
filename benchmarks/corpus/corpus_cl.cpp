// benchmarks/corpus harness (through runtime/cl, NVIDIA's OpenCL on the GPU):
//   corpus_cl KERNEL LEN SHIFT PATHS CUT ORIGINAL.cl [VARIANT.cl...]
// For the original on random keys, the original on the ideal input (keys
// sorted by path within each work-group of 256), and each variant (a tdrc
// output; with --keep-original's the runtime chooses per launch), prints
// "FILE ms checksum": the median kernel time of 41 launches (profiling
// events) after 10 warm-up launches, in which a choice settles; the
// variants' timed launches alternate, one each in turn, each round starting
// one variant later (identical kernels measured 1-2% apart on an H100 with
// a fixed order and the mean of 20).
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

/// One program's kernel with its buffers set, for interleaved timing.
struct Run {
  std::string Label;
  Program P;
  Kernel K;
  Buffer Keys, X, OutF, OutU;
  std::vector<double> Ms;
  Run(const Context &C, const std::string &File, const std::string &Name,
      int Len, const Input &In, std::string L)
      : Label(std::move(L)), P(Program::fromFile(C, File)), K(P.kernel(Name)),
        Keys(C, In.Keys), X(C, In.X), OutF(C, std::vector<float>(N, 0.0f)),
        OutU(C, std::vector<unsigned>(N, 0u)) {
    K.setArg(0, Keys);
    K.setArg(1, X);
    K.setArg(2, OutF);
    K.setArg(3, OutU);
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
  void print() {
    std::vector<unsigned> F = OutF.read<unsigned>(), U = OutU.read<unsigned>();
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
    Input Random = input(Shift, Paths, Cut, false);
    std::vector<std::unique_ptr<Run>> Runs;
    Runs.push_back(std::make_unique<Run>(C, argv[6], Name, Len, Random, "original"));
    Runs.push_back(std::make_unique<Run>(C, argv[6], Name, Len,
                                         input(Shift, Paths, Cut, true), "ideal"));
    for (int A = 7; A < argc; ++A)
      Runs.push_back(std::make_unique<Run>(C, argv[A], Name, Len, Random, argv[A]));
    // Warm-up (a choice settles here), then the variants in turn, launch by
    // launch, so that clock and cache drift fall on all of them alike.
    for (auto &R : Runs)
      for (int I = 0; I < Warm; ++I)
        R->launch();
    for (int I = 0; I < Reps; ++I)
      for (size_t J = 0; J < Runs.size(); ++J)
        Runs[(I + J) % Runs.size()]->Ms.push_back(Runs[(I + J) % Runs.size()]->launch());
    for (auto &R : Runs)
      R->print();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "corpus_cl: %s\n", E.what());
    return 2;
  }
  return 0;
}
