// SB2 (DARM's synthetic SB2): like SB1, the same straight-line work on
// either side, here loads from a lookup table at different addresses and a
// store to a different output (no __restrict__: the stores stay in the
// loop).  Two kernels: the side picked by a key bit or by the thread index.
#include "../bench.h"

#define SB_BLOCK 256
#define SB2_ROUNDS 64
#define SB_TABM 4095u // the table: the first 4096 floats of x

__global__ void sb2_key(const unsigned *keys, const float *tab, float *outa, float *outb, int rounds,
                        int n)
{
    const int i = blockIdx.x * SB_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const bool c = (keys[i] & 1u) != 0;
    unsigned h = keys[i] >> 1;
    float v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            const float p = tab[h & SB_TABM];
            const float q = tab[(h >> 12) & SB_TABM];
            v = v * 0.5f + p * q;
            outa[i] = v;
        } else {
            const float p = tab[(h >> 6) & SB_TABM];
            const float q = tab[(h >> 18) & SB_TABM];
            v = v * 0.5f + p * q;
            outb[i] = v;
        }
        h = h * 1664525u + 1013904223u;
    }
}

__global__ void sb2_tid(const unsigned *keys, const float *tab, float *outa, float *outb, int rounds,
                        int n)
{
    const int i = blockIdx.x * SB_BLOCK + threadIdx.x;
    if (i >= n)
        return;
    const bool c = (threadIdx.x & 1u) != 0;
    unsigned h = keys[i] >> 1;
    float v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            const float p = tab[h & SB_TABM];
            const float q = tab[(h >> 12) & SB_TABM];
            v = v * 0.5f + p * q;
            outa[i] = v;
        } else {
            const float p = tab[(h >> 6) & SB_TABM];
            const float q = tab[(h >> 18) & SB_TABM];
            v = v * 0.5f + p * q;
            outb[i] = v;
        }
        h = h * 1664525u + 1013904223u;
    }
}

const char *const bench_cases[] = {"key", "tid", nullptr};

void bench_launch(const BenchData &d, int c, cudaStream_t s)
{
    const int grid = (d.n + SB_BLOCK - 1) / SB_BLOCK;
    if (c == 0)
        sb2_key<<<grid, SB_BLOCK, 0, s>>>(d.in, d.inf, (float *)d.out, (float *)d.tmp, SB2_ROUNDS, d.n);
    else
        sb2_tid<<<grid, SB_BLOCK, 0, s>>>(d.in, d.inf, (float *)d.out, (float *)d.tmp, SB2_ROUNDS, d.n);
}
