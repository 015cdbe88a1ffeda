// SB3, melded by hand (see SB3.cu): one loop, its stride and constants
// selected before it.
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
    const bool c = (h & 1u) != 0;
    const unsigned stride = c ? 1u : 3u;
    const float k0 = c ? 0.5f : 0.75f, k1 = c ? 0.25f : 0.125f;
    for (int k = 0; k < len; ++k) {
        const float t = tab[(h + stride * k) & SB_TABM];
        v = v * k0 + t * k1;
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
    const bool c = (threadIdx.x & 1u) != 0;
    const unsigned stride = c ? 1u : 3u;
    const float k0 = c ? 0.5f : 0.75f, k1 = c ? 0.25f : 0.125f;
    for (int k = 0; k < len; ++k) {
        const float t = tab[(h + stride * k) & SB_TABM];
        v = v * k0 + t * k1;
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
