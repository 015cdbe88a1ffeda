// benchmarks/loopsplit/loopsplit_main.cu: the original kernels against
// tdrc's loop-split rewrites (--loop-split-loops=2, the default, and 4), in
// one run on one GPU: registers and blocks per SM from the runtime (what
// ptxas allocated), the best of 7 timed launches each, outputs compared bit
// for bit.  `loopsplit_main small` runs one small launch of each (for
// compute-sanitizer).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

namespace two {
#include "loopsplit_bench.split2.cu"
}
namespace four {
#include "loopsplit_bench.split4.cu"
}

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t e_ = (x);                                                     \
    if (e_ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(e_));                                   \
      std::exit(2);                                                           \
    }                                                                         \
  } while (0)

static int Failures = 0;
static bool Small = false;

struct Buf {
  void *P = nullptr;
  size_t Bytes = 0;
  explicit Buf(size_t B) : Bytes(B) { CHECK(cudaMalloc(&P, B)); CHECK(cudaMemset(P, 0, B)); }
  ~Buf() { cudaFree(P); }
  std::vector<unsigned char> read() const {
    std::vector<unsigned char> H(Bytes);
    CHECK(cudaMemcpy(H.data(), P, Bytes, cudaMemcpyDeviceToHost));
    return H;
  }
};

static void attrs(const void *K, int Block, int &Regs, int &Blocks) {
  cudaFuncAttributes A;
  CHECK(cudaFuncGetAttributes(&A, K));
  Regs = A.numRegs;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, K, Block, 0));
}

template <class Launch> static float best(Launch L) {
  cudaEvent_t A, B;
  CHECK(cudaEventCreate(&A));
  CHECK(cudaEventCreate(&B));
  float Best = 1e30f;
  int Runs = Small ? 1 : 7;
  L(); // warm-up
  for (int R = 0; R < Runs; ++R) {
    CHECK(cudaEventRecord(A));
    L();
    CHECK(cudaEventRecord(B));
    CHECK(cudaEventSynchronize(B));
    float Ms;
    CHECK(cudaEventElapsedTime(&Ms, A, B));
    Best = Ms < Best ? Ms : Best;
  }
  CHECK(cudaGetLastError());
  cudaEventDestroy(A);
  cudaEventDestroy(B);
  return Best;
}

/* One variant: its time, and its outputs against the original's. */
template <class Launch>
static void variant(const char *Name, const char *Var, const void *K, int Block,
                    Launch L, std::vector<Buf *> Outs, float TOrig,
                    std::vector<std::vector<unsigned char>> *Ref) {
  for (Buf *O : Outs) CHECK(cudaMemset(O->P, 0, O->Bytes));
  float T = best(L);
  int Regs, Blocks;
  attrs(K, Block, Regs, Blocks);
  bool Same = true;
  if (Ref->empty()) {
    for (Buf *O : Outs) Ref->push_back(O->read());
  } else {
    for (size_t I = 0; I < Outs.size(); ++I)
      Same = Same && Outs[I]->read() == (*Ref)[I];
  }
  if (!Same) ++Failures;
  std::printf("%-18s block %3d  %-9s regs %3d  blocks/SM %2d  %9.4f ms  %6.3fx  %s\n",
              Name, Block, Var, Regs, Blocks, T, TOrig > 0 ? TOrig / T : 1.0,
              Same ? "identical" : "DIFFERENT");
}

static void moments(int N, int Block) {
  std::vector<float> H(4 * (size_t)N);
  unsigned S = 12345u;
  for (float &X : H) { S = S * 1664525u + 1013904223u; X = (S >> 8) * (1.0f / 16777216.0f); }
  Buf Pos(H.size() * 4), Force(16 * (size_t)N), Mom(40 * (size_t)N), Near(8 * (size_t)N),
      Within(4 * (size_t)N);
  CHECK(cudaMemcpy(Pos.P, H.data(), Pos.Bytes, cudaMemcpyHostToDevice));
  int Grid = (N + Block - 1) / Block;
  std::vector<Buf *> Outs = {&Force, &Mom, &Near, &Within};
  std::vector<std::vector<unsigned char>> Ref;
  auto Orig = [&] { two::neighbour_moments_tdr_original<<<Grid, Block>>>((const float4 *)Pos.P, N, (float *)Force.P, (float *)Mom.P, (float *)Near.P, (int *)Within.P); };
  auto S2 = [&] { two::neighbour_moments<<<Grid, Block>>>((const float4 *)Pos.P, N, (float *)Force.P, (float *)Mom.P, (float *)Near.P, (int *)Within.P); };
  auto S4 = [&] { four::neighbour_moments<<<Grid, Block>>>((const float4 *)Pos.P, N, (float *)Force.P, (float *)Mom.P, (float *)Near.P, (int *)Within.P); };
  float T0 = best(Orig);
  char Name[64];
  std::snprintf(Name, sizeof Name, "moments n=%d", N);
  variant(Name, "original", (const void *)two::neighbour_moments_tdr_original, Block, Orig, Outs, T0, &Ref);
  variant(Name, "split2", (const void *)two::neighbour_moments, Block, S2, Outs, T0, &Ref);
  variant(Name, "split4", (const void *)four::neighbour_moments, Block, S4, Outs, T0, &Ref);
}

static void columns(int Rows, int Cols, int Block) {
  std::vector<float> H((size_t)Rows * Cols);
  unsigned S = 777u;
  for (float &X : H) { S = S * 1664525u + 1013904223u; X = (int)(S >> 9) * (1.0f / 4194304.0f) - 1.0f; }
  Buf A(H.size() * 4), Sums(8 * (size_t)Cols), Ranges(8 * (size_t)Cols), Pos(4 * (size_t)Cols);
  CHECK(cudaMemcpy(A.P, H.data(), A.Bytes, cudaMemcpyHostToDevice));
  int Grid = (Cols + Block - 1) / Block;
  std::vector<Buf *> Outs = {&Sums, &Ranges, &Pos};
  std::vector<std::vector<unsigned char>> Ref;
  auto Orig = [&] { two::column_stats_tdr_original<<<Grid, Block>>>((const float *)A.P, Rows, Cols, (float *)Sums.P, (float *)Ranges.P, (int *)Pos.P); };
  auto S2 = [&] { two::column_stats<<<Grid, Block>>>((const float *)A.P, Rows, Cols, (float *)Sums.P, (float *)Ranges.P, (int *)Pos.P); };
  auto S4 = [&] { four::column_stats<<<Grid, Block>>>((const float *)A.P, Rows, Cols, (float *)Sums.P, (float *)Ranges.P, (int *)Pos.P); };
  float T0 = best(Orig);
  char Name[64];
  std::snprintf(Name, sizeof Name, "columns %dx%d", Rows, Cols);
  variant(Name, "original", (const void *)two::column_stats_tdr_original, Block, Orig, Outs, T0, &Ref);
  variant(Name, "split2", (const void *)two::column_stats, Block, S2, Outs, T0, &Ref);
  variant(Name, "split4", (const void *)four::column_stats, Block, S4, Outs, T0, &Ref);
}

#define BANKS(BANK)                                                          \
  static void banks##BANK(int Items, int N, int Block) {                     \
    std::vector<float> H((size_t)Items * N);                                 \
    unsigned S = 99u;                                                        \
    for (float &X : H) { S = S * 1664525u + 1013904223u; X = (S >> 9) * (1.0f / 4194304.0f) - 1.0f; } \
    Buf X(H.size() * 4), Poly(4 * (size_t)BANK * Items), Wave(4 * (size_t)BANK * Items), \
        Peak(4 * (size_t)BANK * Items);                                      \
    CHECK(cudaMemcpy(X.P, H.data(), X.Bytes, cudaMemcpyHostToDevice));      \
    int Grid = (Items + Block - 1) / Block;                                  \
    std::vector<Buf *> Outs = {&Poly, &Wave, &Peak};                         \
    std::vector<std::vector<unsigned char>> Ref;                             \
    auto Orig = [&] { two::feature_banks_##BANK##_tdr_original<<<Grid, Block>>>((const float *)X.P, N, Items, (float *)Poly.P, (float *)Wave.P, (float *)Peak.P); }; \
    auto S2 = [&] { two::feature_banks_##BANK<<<Grid, Block>>>((const float *)X.P, N, Items, (float *)Poly.P, (float *)Wave.P, (float *)Peak.P); }; \
    auto S4 = [&] { four::feature_banks_##BANK<<<Grid, Block>>>((const float *)X.P, N, Items, (float *)Poly.P, (float *)Wave.P, (float *)Peak.P); }; \
    float T0 = best(Orig);                                                   \
    char Name[64];                                                           \
    std::snprintf(Name, sizeof Name, "banks%d %dx%d", BANK, Items, N);       \
    variant(Name, "original", (const void *)two::feature_banks_##BANK##_tdr_original, Block, Orig, Outs, T0, &Ref); \
    variant(Name, "split2", (const void *)two::feature_banks_##BANK, Block, S2, Outs, T0, &Ref); \
    variant(Name, "split4", (const void *)four::feature_banks_##BANK, Block, S4, Outs, T0, &Ref); \
  }
BANKS(40)
BANKS(96)

int main(int argc, char **argv) {
  Small = argc > 1 && !std::strcmp(argv[1], "small");
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, 0));
  std::printf("# %s, sm_%d%d; best of %d launches; ratio = original time / variant time\n",
              P.name, P.major, P.minor, Small ? 1 : 7);
  if (Small) {
    moments(1000, 128);
    columns(64, 1000, 128);
    banks40(1000, 16, 128);
    banks96(1000, 16, 128);
  } else {
    for (int Block : {128, 256}) {
      banks40(65536, 128, Block);
      banks96(65536, 128, Block);
    }
    for (int Block : {128, 256})
      for (int N : {16384, 65536}) moments(N, Block);
    for (int Block : {128, 256}) {
      columns(1024, 262144, Block);
      columns(4096, 32768, Block);
    }
  }
  std::printf("# %d variant(s) differ from the original\n", Failures);
  return Failures ? 1 : 0;
}
