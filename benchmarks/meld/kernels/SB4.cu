// SB4 (DARM's synthetic SB4): each side of the branch holds an if/else of
// the same shape (on a value that differs by thread, so it diverges too)
// between statements of the same shape: melding meets nested regions.  In
// a loop of SB4_ROUNDS rounds.  Two kernels: the outer side picked by a key
// bit or by the thread index.
#include "../bench.h"

#define SB_BLOCK 256
#define SB4_ROUNDS 256

__global__ void sb4_key(const unsigned *__restrict__ keys, const float *__restrict__ x,
                        float *__restrict__ y, unsigned *__restrict__ z, int rounds, int n)
{
    const int i = blockIdx.x * SB_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const bool c = (keys[i] & 1u) != 0;
    float a = x[i], b = x[n - 1 - i], v = 0.0f;
    unsigned cnt = 0;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            v = v * 0.5f + a;
            if (v > 0.75f) {
                v = v - 0.5f;
                cnt += 1u;
            } else {
                v = v + 0.25f;
                cnt ^= 2u;
            }
            a = a * 0.875f + v * 0.0625f;
        } else {
            v = v * 0.5f + b;
            if (v > 0.625f) {
                v = v - 0.25f;
                cnt += 3u;
            } else {
                v = v + 0.125f;
                cnt ^= 4u;
            }
            b = b * 0.75f + v * 0.125f;
        }
    }
    y[i] = v + a + b;
    z[i] = cnt;
}

__global__ void sb4_tid(const unsigned *__restrict__ keys, const float *__restrict__ x,
                        float *__restrict__ y, unsigned *__restrict__ z, int rounds, int n)
{
    const int i = blockIdx.x * SB_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const bool c = (threadIdx.x & 1u) != 0;
    float a = x[i], b = x[n - 1 - i], v = 0.0f;
    unsigned cnt = 0;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            v = v * 0.5f + a;
            if (v > 0.75f) {
                v = v - 0.5f;
                cnt += 1u;
            } else {
                v = v + 0.25f;
                cnt ^= 2u;
            }
            a = a * 0.875f + v * 0.0625f;
        } else {
            v = v * 0.5f + b;
            if (v > 0.625f) {
                v = v - 0.25f;
                cnt += 3u;
            } else {
                v = v + 0.125f;
                cnt ^= 4u;
            }
            b = b * 0.75f + v * 0.125f;
        }
    }
    y[i] = v + a + b;
    z[i] = cnt;
}

const char *const bench_cases[] = {"key", "tid", nullptr};

void bench_launch(const BenchData &d, int c, cudaStream_t s)
{
    const int grid = (d.n + SB_BLOCK - 1) / SB_BLOCK;
    if (c == 0)
        sb4_key<<<grid, SB_BLOCK, 0, s>>>(d.in, d.inf, (float *)d.out, d.tmp, SB4_ROUNDS, d.n);
    else
        sb4_tid<<<grid, SB_BLOCK, 0, s>>>(d.in, d.inf, (float *)d.out, d.tmp, SB4_ROUNDS, d.n);
}
