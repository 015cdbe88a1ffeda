// Eight paths (a switch on 3 bits of a key), integer and float mixes, with
// a constant trip count: the profitability model decides at compile time.
#include "../bench.h"

#define TRIPS 64

__global__ void eight_way(const int *key, const float *x, float *out, int scale, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i] * (float)scale;
    int k = key[i];
    switch ((k >> 3) & 7) {
    case 0: for (int t = 0; t < TRIPS; ++t) v = v * 0.99f + 0.01f; break;
    case 1: for (int t = 0; t < TRIPS; ++t) v = sqrtf(v + 1.0f); break;
    case 2: for (int t = 0; t < TRIPS; ++t) v = __logf(v + 2.0f); break;
    case 3: for (int t = 0; t < TRIPS; ++t) v = v * v * 0.5f + 0.25f; break;
    case 4: for (int t = 0; t < TRIPS; ++t) v = (float)((int)(v * 7.0f) ^ k) * 1e-3f; break;
    case 5: for (int t = 0; t < TRIPS; ++t) v = __cosf(v); break;
    case 6: for (int t = 0; t < TRIPS; ++t) v = fminf(v * 1.5f, 3.0f) - 1.0f; break;
    default: for (int t = 0; t < TRIPS; ++t) v = rsqrtf(v * v + 0.5f); break;
    }
    out[i] = v;
}

int bench_path(int key) { return (key >> 3) & 7; }
const int bench_paths = 8;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    (void)len; // the trip count is a constant here
    eight_way<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, 1, d.n);
}
