// BIT, melded by hand: one conditional swap whose comparison operands are
// selected by the direction (see BIT.cu).
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
    const bool up = (i & k) == 0;
    const unsigned x = up ? a : b, y = up ? b : a;
    if (x > y) {
        keys[i] = b;
        keys[l] = a;
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
