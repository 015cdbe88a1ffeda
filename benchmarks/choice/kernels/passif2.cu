// A rule loop of 4 passes after the bounds return; in the passes from
// `skip` on (2 of 4 here), `if (p >= skip)` holds a divergent branch of two
// hash paths (a cracker's rules applied past an offset). The round is cut
// out of the if, which reads the loop counter: in the passes that skip it
// the round still meets at its barriers (nobody moves).
#include "../bench.h"

__device__ __forceinline__ unsigned mix32(unsigned h)
{
    h ^= h >> 16; h *= 0x7feb352du;
    h ^= h >> 15; h *= 0x846ca68bu;
    return h ^ (h >> 16);
}

__global__ void pass_select(const int *__restrict__ keys, unsigned *__restrict__ out,
                            int rounds, int n, int passes, int skip)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n)
        return;
    unsigned h = (unsigned)gid;
    for (int p = 0; p < passes; ++p) {
        int key = keys[(gid + p * 977) % n];
        if (p >= skip) {
            if (key & 1) {
                for (int r = 0; r < rounds; ++r)
                    h = mix32(h + (unsigned)key);
            } else {
                for (int r = 0; r < rounds; ++r)
                    h = (h * 1664525u + 1013904223u) ^ (h >> 7);
            }
        }
        h = h * 31u + (unsigned)p;
    }
    out[gid] = h;
}

int bench_path(int key) { return key & 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    pass_select<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.outu, len, d.n, 4, 2);
}
