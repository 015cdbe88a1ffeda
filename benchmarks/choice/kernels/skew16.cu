// Loop divergence: one work item in sixteen does eight times the work of
// the others (the shape of Monte Carlo particle histories or of power-law
// sparse rows): a warp runs as long as its longest item.  The dwa
// transform's target; the ideal sorts the long items into warps of their own.
#include "../bench.h"

#define IS_LONG(k) (((k) & 15) == 0)

__device__ __forceinline__ unsigned history_step(unsigned h, unsigned s)
{
    h ^= s * 0x9e3779b9u;
    h *= 0x85ebca6bu;
    return h ^ (h >> 13);
}

__global__ void skewed_histories(const int *__restrict__ keys, unsigned *__restrict__ out,
                                 int len, int n)
{
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n)
        return;
    const int key = keys[gid];
    const int steps = IS_LONG(key) ? 8 * len : len;
    unsigned h = (unsigned)key;
    for (int s = 0; s < steps; ++s)
        h = history_step(h, (unsigned)s);
    out[gid] = h;
}

int bench_path(int key) { return IS_LONG(key) ? 0 : 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    skewed_histories<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.outu, len, d.n);
}
