// SB1 (DARM's synthetic SB1): the two sides of the branch run the same
// straight-line arithmetic on different operands (the roles of a and b
// swapped, other constants), in a loop of SB1_ROUNDS rounds.  Two kernels:
// the side picked by a key bit (random, about half of each warp) or by the
// thread index (alternate lanes).
#include "../bench.h"

#define SB_BLOCK 256
#define SB1_ROUNDS 256

__global__ void sb1_key(const unsigned *__restrict__ keys, const float *__restrict__ x,
                        float *__restrict__ y, int rounds, int n)
{
    const int i = blockIdx.x * SB_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const bool c = (keys[i] & 1u) != 0;
    float a = x[i], b = x[n - 1 - i], v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            v = v * 0.75f + a;
            a = a * 0.5f + v * 0.125f;
            b = b * 0.875f - a * 0.0625f;
            v = v - b * 0.25f;
            a = a + b * 0.375f;
            v = v * 0.5f + a * 0.25f;
        } else {
            v = v * 0.625f + b;
            b = b * 0.5f + v * 0.25f;
            a = a * 0.75f - b * 0.125f;
            v = v - a * 0.5f;
            b = b + a * 0.25f;
            v = v * 0.5f + b * 0.125f;
        }
    }
    y[i] = v + a + b;
}

__global__ void sb1_tid(const unsigned *__restrict__ keys, const float *__restrict__ x,
                        float *__restrict__ y, int rounds, int n)
{
    const int i = blockIdx.x * SB_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const bool c = (threadIdx.x & 1u) != 0;
    float a = x[i], b = x[n - 1 - i], v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            v = v * 0.75f + a;
            a = a * 0.5f + v * 0.125f;
            b = b * 0.875f - a * 0.0625f;
            v = v - b * 0.25f;
            a = a + b * 0.375f;
            v = v * 0.5f + a * 0.25f;
        } else {
            v = v * 0.625f + b;
            b = b * 0.5f + v * 0.25f;
            a = a * 0.75f - b * 0.125f;
            v = v - a * 0.5f;
            b = b + a * 0.25f;
            v = v * 0.5f + b * 0.125f;
        }
    }
    y[i] = v + a + b;
}

const char *const bench_cases[] = {"key", "tid", nullptr};

void bench_launch(const BenchData &d, int c, cudaStream_t s)
{
    const int grid = (d.n + SB_BLOCK - 1) / SB_BLOCK;
    if (c == 0)
        sb1_key<<<grid, SB_BLOCK, 0, s>>>(d.in, d.inf, (float *)d.out, SB1_ROUNDS, d.n);
    else
        sb1_tid<<<grid, SB_BLOCK, 0, s>>>(d.in, d.inf, (float *)d.out, SB1_ROUNDS, d.n);
}
