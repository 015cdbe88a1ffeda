// What the launcher checks' host programs share (launcher_check.cu,
// header_host.cpp): stop on a CUDA error, the keys on the device, and a
// checksum of a device buffer that run_launcher_check.sh compares bit for
// bit between TDR_CHOOSE modes.
#ifndef TDRC_CHECK_UTIL_H
#define TDRC_CHECK_UTIL_H
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t e_ = (call);                                                 \
    if (e_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                \
                   cudaGetErrorString(e_));                                  \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)

static unsigned long long checksum(const float *d, int n)
{
    std::vector<float> h(n);
    CHECK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    unsigned long long s = 1469598103934665603ull;
    for (float f : h) {
        unsigned u;
        std::memcpy(&u, &f, 4);
        s = (s ^ u) * 1099511628211ull;
    }
    return s;
}
/// N pseudo-random keys (a linear congruential sequence from Seed), copied
/// to a new device buffer.
static unsigned *deviceKeys(int n, unsigned seed)
{
    std::vector<unsigned> h(n);
    for (unsigned &k : h)
        k = (seed = seed * 1664525u + 1013904223u) >> 8;
    unsigned *key;
    CHECK(cudaMalloc(&key, n * sizeof(unsigned)));
    CHECK(cudaMemcpy(key, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
    return key;
}
#endif
