// bpu_main.cu: times classify_mix as written (orig) and as the bpu
// transform rewrote it with 8, 16 and 32 items per thread (u8, u16, u32),
// on random samples (50% and 10% of one path), and the original on the
// same samples sorted by path within each block (ideal: no divergence
// left).  Outputs of every rewrite are compared with the original's, bit
// for bit.  `bpu_main one VARIANT` runs one launch (for ncu).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace orig {
#include "kernels/classify_mix.cu"
}
#define TDR_UNIFY_GROUPS 8
namespace u8 {
#include "classify_mix.bpu.cu"
}
#undef TDR_UNIFY_GROUPS
#define TDR_UNIFY_GROUPS 16
namespace u16 {
#include "classify_mix.bpu.cu"
}
#undef TDR_UNIFY_GROUPS
#define TDR_UNIFY_GROUPS 32
namespace u32 {
#include "classify_mix.bpu.cu"
}
#undef TDR_UNIFY_GROUPS

using Kernel = void (*)(const int *, int *, int);
struct Variant { const char *name; Kernel k; };
static const Variant Variants[] = {{"orig", orig::classify_mix},
                                   {"u8", u8::classify_mix},
                                   {"u16", u16::classify_mix},
                                   {"u32", u32::classify_mix}};
static const int N = 1 << 24, Block = 256, Reps = 15;

static float timeIt(Kernel k, const int *in, int *out) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<float> t;
  for (int r = 0; r < Reps + 2; ++r) {
    cudaEventRecord(a);
    k<<<(N + Block - 1) / Block, Block>>>(in, out, N);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    if (r >= 2)
      t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

static std::vector<int> samples(double odd, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_int_distribution<int> v(0, 1 << 30);
  std::bernoulli_distribution isOdd(odd);
  std::vector<int> s(N);
  for (int &x : s)
    x = (v(g) & ~1) | (isOdd(g) ? 1 : 0);
  return s;
}

int main(int argc, char **argv) {
  int *in, *out, *ref;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMalloc(&ref, N * sizeof(int));
  if (argc == 3 && !strcmp(argv[1], "one")) {
    std::vector<int> s = samples(0.5, 1);
    cudaMemcpy(in, s.data(), N * sizeof(int), cudaMemcpyHostToDevice);
    for (const Variant &V : Variants)
      if (!strcmp(V.name, argv[2]))
        V.k<<<(N + Block - 1) / Block, Block>>>(in, out, N);
    return cudaDeviceSynchronize() != cudaSuccess;
  }
  int bad = 0;
  for (double odd : {0.5, 0.1}) {
    std::vector<int> s = samples(odd, 1);
    cudaMemcpy(in, s.data(), N * sizeof(int), cudaMemcpyHostToDevice);
    orig::classify_mix<<<(N + Block - 1) / Block, Block>>>(in, ref, N);
    std::vector<int> want(N), got(N);
    cudaMemcpy(want.data(), ref, N * sizeof(int), cudaMemcpyDeviceToHost);
    float base = timeIt(orig::classify_mix, in, out);
    printf("WORK=%d odd=%.2f orig %.4f ms", WORK, odd, base);
    for (const Variant &V : Variants) {
      if (V.k == orig::classify_mix)
        continue;
      cudaMemset(out, 0, N * sizeof(int));
      V.k<<<(N + Block - 1) / Block, Block>>>(in, out, N);
      cudaMemcpy(got.data(), out, N * sizeof(int), cudaMemcpyDeviceToHost);
      bool same = got == want;
      bad += !same;
      float t = timeIt(V.k, in, out);
      printf("  %s %.4f ms (%.3fx%s)", V.name, t, base / t, same ? "" : " DIFFERS");
    }
    // The ideal: the same samples sorted by path within each block.
    for (int b = 0; b < N; b += Block)
      std::stable_partition(s.begin() + b, s.begin() + std::min(N, b + Block),
                            [](int x) { return x & 1; });
    cudaMemcpy(in, s.data(), N * sizeof(int), cudaMemcpyHostToDevice);
    float ideal = timeIt(orig::classify_mix, in, out);
    printf("  ideal %.4f ms (%.3fx)\n", ideal, base / ideal);
  }
  printf(bad ? "RESULT: %d rewrite(s) DIFFER\n" : "RESULT: all rewrites identical%d\n", bad ? bad : 0);
  return bad != 0;
}
