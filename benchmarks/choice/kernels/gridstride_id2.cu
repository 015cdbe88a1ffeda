// gridstride2.cu as CUDA code usually writes it: the grid-stride loop
// starts at the thread's global index, so each thread has its own trip
// count; tdrc rewrites it over a base the block shares, with a bounds guard
// in its body, and remaps the branch there.
#include "../bench.h"

__device__ __forceinline__ unsigned mix32(unsigned h)
{
    h ^= h >> 16; h *= 0x7feb352du;
    h ^= h >> 15; h *= 0x846ca68bu;
    return h ^ (h >> 16);
}

__global__ void stride_select_id(const int *__restrict__ keys, unsigned *__restrict__ out,
                                 int rounds, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
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

int bench_path(int key) { return key & 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    stride_select_id<<<(d.n + 1023) / 1024, 256, 0, s>>>(d.keys, d.outu, len, d.n);
}
