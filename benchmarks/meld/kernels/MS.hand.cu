// MS, melded by hand (see MS.cu): the search moves both ends through
// selects, and the merge loop copies from a selected run and advances a
// selected index.
#include "../bench.h"

#define MS_BLOCK 256
#define MS_E 8 // keys per thread

__device__ __forceinline__ void ms_order(unsigned &a, unsigned &b)
{
    const unsigned lo = min(a, b), hi = max(a, b);
    a = lo;
    b = hi;
}

__global__ void ms_sort_runs(unsigned *keys, int n)
{
    const int k0 = (blockIdx.x * MS_BLOCK + threadIdx.x) * MS_E;
    if (k0 >= n)
        return;
    unsigned k[MS_E];
#pragma unroll
    for (int e = 0; e < MS_E; ++e)
        k[e] = keys[k0 + e];
#pragma unroll
    for (int r = 0; r < MS_E; ++r) // odd-even transposition
#pragma unroll
        for (int e = r & 1; e + 1 < MS_E; e += 2)
            ms_order(k[e], k[e + 1]);
#pragma unroll
    for (int e = 0; e < MS_E; ++e)
        keys[k0 + e] = k[e];
}

__global__ void ms_merge(const unsigned *__restrict__ src, unsigned *__restrict__ dst, int w, int n)
{
    const int k0 = (blockIdx.x * MS_BLOCK + threadIdx.x) * MS_E;
    if (k0 >= n)
        return;
    const int pair = k0 & ~(2 * w - 1);
    const int diag = k0 - pair;
    const unsigned *A = src + pair, *B = src + pair + w;
    int lo = max(0, diag - w), hi = min(diag, w);
    while (lo < hi) {
        const int m = (lo + hi) >> 1;
        const bool up = A[m] <= B[diag - 1 - m];
        lo = up ? m + 1 : lo;
        hi = up ? hi : m;
    }
    int a = lo, b = diag - lo;
    for (int e = 0; e < MS_E; ++e) {
        const bool left = b >= w || (a < w && A[a] <= B[b]);
        dst[k0 + e] = left ? A[a] : B[b];
        a += left;
        b += !left;
    }
}

const char *const bench_cases[] = {"", nullptr};

void bench_launch(const BenchData &d, int, cudaStream_t s)
{
    const int grid = (d.n / MS_E + MS_BLOCK - 1) / MS_BLOCK;
    unsigned *src = d.buf, *dst = d.tmp;
    ms_sort_runs<<<grid, MS_BLOCK, 0, s>>>(src, d.n);
    for (int w = MS_E; w < d.n; w *= 2) {
        ms_merge<<<grid, MS_BLOCK, 0, s>>>(src, dst, w, d.n);
        unsigned *t = src;
        src = dst;
        dst = t;
    }
}
