// A password-rule kernel in the style of hashcat's: after the ID exit each
// thread copies its candidate into shared memory through a macro, and a
// loop over 4 rules reads it back through another; candidates that pass a
// filter (odd keys, half of them) run a hash chain of `rounds` steps, the
// others a cheap mix.  tdrc unfolds the macros and moves the shared array
// to the kernel's start (docs/reliability.md, 2026-12-06).
#include "../bench.h"

struct cand_t { unsigned w[4]; };

#define COPY_CAND(c)                \
    __shared__ cand_t s_cands[256]; \
    s_cands[threadIdx.x] = (c);
#define PASTE_CAND s_cands[threadIdx.x];
#define ROTL32(x, s) (((x) << (s)) | ((x) >> (32 - (s))))

__global__ void rules_local(const int *keys, unsigned *out, int rounds, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n)
        return;
    int key = keys[gid];
    cand_t c;
    for (int k = 0; k < 4; ++k)
        c.w[k] = (unsigned)key * (2654435761u + (unsigned)k);
    COPY_CAND(c)
    unsigned found = 0;
    for (int r = 0; r < 4; ++r) {
        cand_t tmp = PASTE_CAND;
        unsigned h = tmp.w[r] ^ (unsigned)r;
        if (key & 1) {
            for (int k = 0; k < rounds; ++k)
                h = ROTL32(h ^ tmp.w[k & 3], 13) * 0x85ebca6bu + (unsigned)k;
            found += h;
        } else {
            found ^= h * 3u;
        }
    }
    out[gid] = found;
}

int bench_path(int key) { return key & 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    rules_local<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.outu, len, d.n);
}
