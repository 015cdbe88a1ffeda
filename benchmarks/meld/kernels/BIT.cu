// BIT (DARM's BIT): one compare-exchange step of a global bitonic sort,
// launched for every (k, j) stage over n / 4 keys (2^20 on the GPU).  The
// branch on (i & k) picks the ascending or the descending half of the
// current bitonic sequence: its two sides are the same conditional swap
// with the comparison mirrored.  It splits every warp while k < 32.
#include "../bench.h"

#define BIT_BLOCK 256

__global__ void bitonic_step(unsigned *__restrict__ keys, unsigned j, unsigned k, unsigned n)
{
    const unsigned i = blockIdx.x * BIT_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const unsigned l = i ^ j; // the partner; the lower of the two does the pair
    if (l <= i)
        return;
    const unsigned a = keys[i], b = keys[l];
    if ((i & k) == 0) { // ascending
        if (a > b) {
            keys[i] = b;
            keys[l] = a;
        }
    } else { // descending
        if (a < b) {
            keys[i] = b;
            keys[l] = a;
        }
    }
}

const char *const bench_cases[] = {"", nullptr};

void bench_launch(const BenchData &d, int, cudaStream_t s)
{
    const unsigned n = (unsigned)d.n / 4;
    for (unsigned k = 2; k <= n; k <<= 1)
        for (unsigned j = k >> 1; j > 0; j >>= 1)
            bitonic_step<<<(n + BIT_BLOCK - 1) / BIT_BLOCK, BIT_BLOCK, 0, s>>>(d.buf, j, k, n);
}
