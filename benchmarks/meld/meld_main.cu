// benchmarks/meld CUDA harness: times one kernel file's cases.
//   meld_bench [small] [reps]
// Prints one line per case: "CASE ms checksum det".  ms: the median of
// `reps` repetitions (default 11; CUDA events around bench_launch) after 8
// warm-up repetitions (tdrc's launcher settles its choice in a kernel's
// first 4-6 launches).  checksum: a 64-bit FNV-1a hash of buf, tmp and out
// after the last repetition.  det: NONDET when the first repetition's hash
// differs (a race, or a choice between variants that disagree).  small:
// n = 1 << 14 instead of 1 << 22 (a quick try).
#include "bench.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(2); } } while (0)

static unsigned long long hash_words(const std::vector<unsigned> &v, unsigned long long h)
{
    for (unsigned w : v)
        h = (h ^ w) * 1099511628211ull;
    return h;
}

int main(int argc, char **argv)
{
    bool small = argc > 1 && !std::strcmp(argv[1], "small");
    int reps = argc > 2 ? std::atoi(argv[2]) : 11;
    if (reps < 1) reps = 1;
    const int n = small ? 1 << 14 : 1 << 22, warmup = 8;
    std::mt19937 rng(12345);
    std::vector<unsigned> in(n);
    std::vector<float> inf(n);
    for (int i = 0; i < n; ++i) {
        in[i] = (unsigned)rng();
        inf[i] = (float)(rng() & 0xffffff) / 16777216.0f;
    }
    unsigned *din, *dbuf, *dtmp, *dout;
    float *dinf;
    CHECK(cudaMalloc(&din, n * sizeof(unsigned)));
    CHECK(cudaMalloc(&dinf, n * sizeof(float)));
    CHECK(cudaMalloc(&dbuf, n * sizeof(unsigned)));
    CHECK(cudaMalloc(&dtmp, 4 * (size_t)n * sizeof(unsigned)));
    CHECK(cudaMalloc(&dout, n * sizeof(unsigned)));
    CHECK(cudaMemcpy(din, in.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dinf, inf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    BenchData d;
    d.in = din; d.inf = dinf; d.buf = dbuf; d.tmp = dtmp; d.out = dout; d.n = n;
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    std::vector<unsigned> hb(n), ht(4 * (size_t)n), ho(n);
    auto checksum = [&]() {
        CHECK(cudaStreamSynchronize(s));
        CHECK(cudaMemcpy(hb.data(), dbuf, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
        CHECK(cudaMemcpy(ht.data(), dtmp, 4 * (size_t)n * sizeof(unsigned), cudaMemcpyDeviceToHost));
        CHECK(cudaMemcpy(ho.data(), dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
        return hash_words(ho, hash_words(ht, hash_words(hb, 1469598103934665603ull)));
    };
    for (int c = 0; bench_cases[c]; ++c) {
        std::vector<float> ms;
        unsigned long long first = 0, last = 0;
        for (int r = 0; r < warmup + reps; ++r) {
            CHECK(cudaMemcpyAsync(dbuf, din, n * sizeof(unsigned), cudaMemcpyDeviceToDevice, s));
            CHECK(cudaMemsetAsync(dtmp, 0, 4 * (size_t)n * sizeof(unsigned), s));
            CHECK(cudaMemsetAsync(dout, 0, n * sizeof(unsigned), s));
            CHECK(cudaEventRecord(a, s));
            bench_launch(d, c, s);
            CHECK(cudaEventRecord(b, s));
            CHECK(cudaEventSynchronize(b));
            CHECK(cudaGetLastError());
            float t = 0;
            CHECK(cudaEventElapsedTime(&t, a, b));
            if (r >= warmup)
                ms.push_back(t);
            if (r == 0)
                first = checksum();
        }
        last = checksum();
        std::sort(ms.begin(), ms.end());
        std::printf("%s %.5f %016llx %s\n", bench_cases[c][0] ? bench_cases[c] : "-",
                    ms[ms.size() / 2], last, first == last ? "det" : "NONDET");
        std::fflush(stdout);
    }
    return 0;
}
