// benchmarks/loopsplit/choice_host.cu: appended by prepare.sh to the
// kernels (kernels/loopsplit_bench.cu), so that tdrc rewrites the launches
// below into its launchers (K_tdr_launch: the measured choice between the
// split kernel and the kept original, docs/runtime.md).  Each kernel runs
// 12 launches (the first ones decide), then 10 timed; prints the time per
// launch and a hash of the outputs, which must not depend on TDR_CHOOSE.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                 \
  do {                                                                        \
    cudaError_t e_ = (x);                                                     \
    if (e_ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%d: %s\n", __LINE__, cudaGetErrorString(e_));     \
      std::exit(2);                                                           \
    }                                                                         \
  } while (0)

static void *devFill(size_t Bytes, unsigned Seed) {
  std::vector<float> H(Bytes / 4);
  for (float &X : H) { Seed = Seed * 1664525u + 1013904223u; X = (Seed >> 9) * (1.0f / 4194304.0f) - 1.0f; }
  void *P;
  CK(cudaMalloc(&P, Bytes));
  CK(cudaMemcpy(P, H.data(), Bytes, cudaMemcpyHostToDevice));
  return P;
}
static void *devZero(size_t Bytes) {
  void *P;
  CK(cudaMalloc(&P, Bytes));
  CK(cudaMemset(P, 0, Bytes));
  return P;
}
static unsigned long long hashOf(const void *P, size_t Bytes) {
  std::vector<unsigned char> H(Bytes);
  CK(cudaMemcpy(H.data(), P, Bytes, cudaMemcpyDeviceToHost));
  unsigned long long X = 1469598103934665603ull;
  for (unsigned char C : H) X = (X ^ C) * 1099511628211ull;
  return X;
}

template <class F> static void report(const char *Name, F Launch, std::vector<std::pair<void *, size_t>> Outs) {
  for (int R = 0; R < 12; ++R) Launch();
  cudaEvent_t A, B;
  CK(cudaEventCreate(&A));
  CK(cudaEventCreate(&B));
  CK(cudaEventRecord(A));
  for (int R = 0; R < 10; ++R) Launch();
  CK(cudaEventRecord(B));
  CK(cudaEventSynchronize(B));
  float Ms;
  CK(cudaEventElapsedTime(&Ms, A, B));
  unsigned long long H = 0;
  for (auto &O : Outs) H = H * 31 + hashOf(O.first, O.second);
  std::printf("%-10s %9.4f ms/launch  outputs %016llx\n", Name, Ms / 10, H);
}

int main() {
  const int Block = 256;
  {
    int N = 16384;
    void *Pos = devFill(16 * (size_t)N, 1), *F = devZero(16 * (size_t)N), *M = devZero(40 * (size_t)N),
         *Nr = devZero(8 * (size_t)N), *W = devZero(4 * (size_t)N);
    report("moments", [&] {
      neighbour_moments<<<(N + Block - 1) / Block, Block>>>((const float4 *)Pos, N, (float *)F, (float *)M, (float *)Nr, (int *)W);
    }, {{F, 16 * (size_t)N}, {M, 40 * (size_t)N}, {Nr, 8 * (size_t)N}, {W, 4 * (size_t)N}});
  }
  {
    int Rows = 1024, Cols = 262144;
    void *A = devFill(4 * (size_t)Rows * Cols, 2), *S = devZero(8 * (size_t)Cols), *R = devZero(8 * (size_t)Cols),
         *P = devZero(4 * (size_t)Cols);
    report("columns", [&] {
      column_stats<<<(Cols + Block - 1) / Block, Block>>>((const float *)A, Rows, Cols, (float *)S, (float *)R, (int *)P);
    }, {{S, 8 * (size_t)Cols}, {R, 8 * (size_t)Cols}, {P, 4 * (size_t)Cols}});
  }
  {
    int Items = 65536, N = 128;
    size_t Out40 = 4 * (size_t)40 * Items, Out96 = 4 * (size_t)96 * Items;
    void *X = devFill(4 * (size_t)Items * N, 3), *P = devZero(Out96), *W = devZero(Out96), *K = devZero(Out96);
    report("banks40", [&] {
      feature_banks_40<<<(Items + Block - 1) / Block, Block>>>((const float *)X, N, Items, (float *)P, (float *)W, (float *)K);
    }, {{P, Out40}, {W, Out40}, {K, Out40}});
    report("banks96", [&] {
      feature_banks_96<<<(Items + Block - 1) / Block, Block>>>((const float *)X, N, Items, (float *)P, (float *)W, (float *)K);
    }, {{P, Out96}, {W, Out96}, {K, Out96}});
  }
  return 0;
}
