// benchmarks/choice harness: times one kernel file's launches.
//   choice_bench LEN [sorted] [reps]
// Prints "ms_per_launch checksum": the mean of `reps` launches (default 20)
// after 24 warm-up launches (tdrc --keep-original's launcher settles its
// choice in the first 4-6, 16-18 for launches under 0.2 ms).  sorted: the
// ideal input, keys ordered by path within each block of 256, so that no
// warp diverges.
#include "bench.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(2); } } while (0)

int main(int argc, char **argv)
{
    if (argc < 2) { std::fprintf(stderr, "usage: %s LEN [sorted] [reps]\n", argv[0]); return 2; }
    int len = std::atoi(argv[1]);
    bool sorted = argc > 2 && !std::strcmp(argv[2], "sorted");
    int reps = argc > 3 ? std::atoi(argv[3]) : 20;
    const int n = 1 << 22;
    std::mt19937 rng(12345);
    std::vector<int> keys(n);
    std::vector<float> x(n);
    for (int i = 0; i < n; ++i) {
        keys[i] = (int)(rng() & 0x7fffffff);
        x[i] = (float)(rng() & 0xffffff) / 16777216.0f;
    }
    if (sorted) // per block of 256: by path, the element's own x with it
        for (int b = 0; b < n; b += 256) {
            std::vector<std::pair<int, float>> kv;
            for (int i = b; i < b + 256; ++i) kv.push_back({keys[i], x[i]});
            std::stable_sort(kv.begin(), kv.end(), [](const std::pair<int, float> &a,
                                                      const std::pair<int, float> &c) {
                return bench_path(a.first) < bench_path(c.first);
            });
            for (int i = 0; i < 256; ++i) { keys[b + i] = kv[i].first; x[b + i] = kv[i].second; }
        }
    BenchData d;
    int *dk; float *dx, *df; unsigned *du;
    CHECK(cudaMalloc(&dk, n * sizeof(int)));
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&df, n * sizeof(float)));
    CHECK(cudaMalloc(&du, n * sizeof(unsigned)));
    CHECK(cudaMemcpy(dk, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(df, 0, n * sizeof(float)));
    CHECK(cudaMemset(du, 0, n * sizeof(unsigned)));
    d.keys = dk; d.x = dx; d.outf = df; d.outu = du; d.n = n;
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    for (int i = 0; i < 24; ++i)
        bench_launch(d, len, s);
    CHECK(cudaStreamSynchronize(s));
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    CHECK(cudaEventRecord(a, s));
    for (int i = 0; i < reps; ++i)
        bench_launch(d, len, s);
    CHECK(cudaEventRecord(b, s));
    CHECK(cudaEventSynchronize(b));
    CHECK(cudaGetLastError());
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    std::vector<unsigned> of(n), ou(n);
    CHECK(cudaMemcpy(of.data(), df, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ou.data(), du, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    unsigned long long sum = 1469598103934665603ull;
    for (int i = 0; i < n; ++i)
        sum = (sum ^ of[i] ^ ((unsigned long long)ou[i] << 32)) * 1099511628211ull;
    std::printf("%.5f %016llx\n", ms / reps, sum);
    return 0;
}
