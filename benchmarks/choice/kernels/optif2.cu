// An option if around a divergent branch after the bounds return (an image
// module's `if (gamut_map) { ... }`): two integer hash paths of `rounds`
// iterations under a launch-uniform option that is on. The remap round is
// cut out of the if (the if closes before the round, reopens after it).
#include "../bench.h"

__device__ __forceinline__ unsigned mix32(unsigned h)
{
    h ^= h >> 16; h *= 0x7feb352du;
    h ^= h >> 15; h *= 0x846ca68bu;
    return h ^ (h >> 16);
}

__global__ void opt_select(const int *__restrict__ keys, unsigned *__restrict__ out,
                           int rounds, int n, int opts)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n)
        return;
    int key = keys[gid];
    unsigned h = (unsigned)gid * 2654435761u;
    if (opts & 2) {
        const unsigned salt = (unsigned)key >> 3;
        if (key & 1) {
            for (int r = 0; r < rounds; ++r)
                h = mix32(h + salt);
        } else {
            for (int r = 0; r < rounds; ++r)
                h = (h * 1664525u + 1013904223u) ^ (h >> 7);
        }
        h += salt;
    }
    out[gid] = h;
}

int bench_path(int key) { return key & 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    opt_select<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.outu, len, d.n, 2);
}
