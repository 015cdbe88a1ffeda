// Two paths over a 64-word private candidate buffer (the shape of a
// password-cracking kernel: the candidate is expanded into registers, then
// one of two digest loops runs over it).  The buffer is live across the
// branch: 256 threads x 64 words do not fit tdrc's 32 KiB budget at once,
// so the rewrite moves it in passes (docs/occupancy.md, "The state in
// passes").
#include "../bench.h"

#define PW_WORDS 64

__device__ __forceinline__ unsigned step32(unsigned h, unsigned k)
{
    h ^= k; h *= 0x01000193u;
    return h ^ (h >> 13);
}

__global__ void pw_digest(const int *__restrict__ keys, unsigned *__restrict__ out,
                          int rounds, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n)
        return;
    const int key = keys[gid];
    unsigned w[PW_WORDS];
    for (int i = 0; i < PW_WORDS; ++i)
        w[i] = (unsigned)key * 0x9e3779b1u + (unsigned)i * 0x85ebca6bu;
    unsigned h = 0x811c9dc5u;
    if (key & 1) {
        for (int r = 0; r < rounds; ++r)
            for (int j = 0; j < 4; ++j)
                h = step32(h, w[(r * 4 + j) & (PW_WORDS - 1)]);
    } else {
        for (int r = 0; r < rounds; ++r)
            for (int j = 0; j < 4; ++j)
                h = (h + w[(r * 4 + j) & (PW_WORDS - 1)]) * 0x2545f491u ^ (h >> 9);
    }
    out[gid] = h ^ w[PW_WORDS - 1];
}

int bench_path(int key) { return key & 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    pw_digest<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.outu, len, d.n);
}
