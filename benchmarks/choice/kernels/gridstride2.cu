// A grid-stride loop whose base the block shares (each thread visits four
// items, a quarter of the blocks a one-item launch would take), with a
// bounds guard in its body and a divergent branch of two hash paths on the
// item's key. The guard is the active predicate of each iteration: the
// round regroups the block's items of that iteration.
#include "../bench.h"

__device__ __forceinline__ unsigned mix32(unsigned h)
{
    h ^= h >> 16; h *= 0x7feb352du;
    h ^= h >> 15; h *= 0x846ca68bu;
    return h ^ (h >> 16);
}

__global__ void stride_select(const int *__restrict__ keys, unsigned *__restrict__ out,
                              int rounds, int n)
{
    for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
        int i = base + threadIdx.x;
        if (i < n) {
            int key = keys[i];
            unsigned h = (unsigned)i;
            if (key & 1) {
                for (int r = 0; r < rounds; ++r)
                    h = mix32(h + (unsigned)key);
            } else {
                for (int r = 0; r < rounds; ++r)
                    h = (h * 1664525u + 1013904223u) ^ (h >> 7);
            }
            out[i] = h;
        }
    }
}

int bench_path(int key) { return key & 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    stride_select<<<(d.n + 1023) / 1024, 256, 0, s>>>(d.keys, d.outu, len, d.n);
}
