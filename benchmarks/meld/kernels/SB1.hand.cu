// SB1, melded by hand (see SB1.cu): one side, its operands and constants
// selected; the swap of roles is hoisted out of the loop (p plays a on the
// first side and b on the second, q the other).
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
    const float a0 = x[i], b0 = x[n - 1 - i];
    const float k0 = c ? 0.75f : 0.625f, k1 = c ? 0.125f : 0.25f, k2 = c ? 0.875f : 0.75f;
    const float k3 = c ? 0.0625f : 0.125f, k4 = c ? 0.25f : 0.5f, k5 = c ? 0.375f : 0.25f;
    const float k6 = c ? 0.25f : 0.125f;
    float p = c ? a0 : b0, q = c ? b0 : a0, v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        v = v * k0 + p;
        p = p * 0.5f + v * k1;
        q = q * k2 - p * k3;
        v = v - q * k4;
        p = p + q * k5;
        v = v * 0.5f + p * k6;
    }
    const float a = c ? p : q, b = c ? q : p;
    y[i] = v + a + b;
}

__global__ void sb1_tid(const unsigned *__restrict__ keys, const float *__restrict__ x,
                        float *__restrict__ y, int rounds, int n)
{
    const int i = blockIdx.x * SB_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const bool c = (threadIdx.x & 1u) != 0;
    const float a0 = x[i], b0 = x[n - 1 - i];
    const float k0 = c ? 0.75f : 0.625f, k1 = c ? 0.125f : 0.25f, k2 = c ? 0.875f : 0.75f;
    const float k3 = c ? 0.0625f : 0.125f, k4 = c ? 0.25f : 0.5f, k5 = c ? 0.375f : 0.25f;
    const float k6 = c ? 0.25f : 0.125f;
    float p = c ? a0 : b0, q = c ? b0 : a0, v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        v = v * k0 + p;
        p = p * 0.5f + v * k1;
        q = q * k2 - p * k3;
        v = v - q * k4;
        p = p + q * k5;
        v = v * 0.5f + p * k6;
    }
    const float a = c ? p : q, b = c ? q : p;
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
