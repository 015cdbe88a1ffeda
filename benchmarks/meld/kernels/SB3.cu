// SB3 (DARM's synthetic SB3): each side of the branch is a loop of the same
// shape and trip count (a uniform argument) whose body differs in operands
// only: the stride through a lookup table and two constants.  Two kernels:
// the side picked by a key bit or by the thread index.
#include "../bench.h"

#define SB_BLOCK 256
#define SB3_LEN 128
#define SB_TABM 4095u // the table: the first 4096 floats of x

__global__ void sb3_key(const unsigned *__restrict__ keys, const float *__restrict__ tab,
                        float *__restrict__ y, int len, int n)
{
    const int i = blockIdx.x * SB_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const unsigned h = keys[i];
    float v = tab[i & SB_TABM];
    if ((h & 1u) != 0) {
        for (int k = 0; k < len; ++k) {
            const float t = tab[(h + k) & SB_TABM];
            v = v * 0.5f + t * 0.25f;
        }
    } else {
        for (int k = 0; k < len; ++k) {
            const float t = tab[(h + 3 * k) & SB_TABM];
            v = v * 0.75f + t * 0.125f;
        }
    }
    y[i] = v;
}

__global__ void sb3_tid(const unsigned *__restrict__ keys, const float *__restrict__ tab,
                        float *__restrict__ y, int len, int n)
{
    const int i = blockIdx.x * SB_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const unsigned h = keys[i];
    float v = tab[i & SB_TABM];
    if ((threadIdx.x & 1u) != 0) {
        for (int k = 0; k < len; ++k) {
            const float t = tab[(h + k) & SB_TABM];
            v = v * 0.5f + t * 0.25f;
        }
    } else {
        for (int k = 0; k < len; ++k) {
            const float t = tab[(h + 3 * k) & SB_TABM];
            v = v * 0.75f + t * 0.125f;
        }
    }
    y[i] = v;
}

const char *const bench_cases[] = {"key", "tid", nullptr};

void bench_launch(const BenchData &d, int c, cudaStream_t s)
{
    const int grid = (d.n + SB_BLOCK - 1) / SB_BLOCK;
    if (c == 0)
        sb3_key<<<grid, SB_BLOCK, 0, s>>>(d.in, d.inf, (float *)d.out, SB3_LEN, d.n);
    else
        sb3_tid<<<grid, SB_BLOCK, 0, s>>>(d.in, d.inf, (float *)d.out, SB3_LEN, d.n);
}
