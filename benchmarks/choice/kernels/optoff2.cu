// The never-slower side of optif2: an image module's option that is OFF at
// this launch (`if (opts & DENOISE) { ... }` after the bounds return) holds
// a divergent branch of two float paths of `iters` steps on the pixel's
// class (key & 1). Where the round is cut out of the if, the default mode's
// launch switch tests the option too: off, the original runs.
#include "../bench.h"

#define DENOISE 4

__global__ void denoise_opt(const int *__restrict__ keys, const float *__restrict__ x,
                            float *__restrict__ out, int iters, int n, int opts)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    if (opts & DENOISE) {
        const float w = 0.25f + 0.5f * v;
        if (keys[i] & 1) {
            for (int s = 0; s < iters; ++s)
                v = v * w + 0.125f * sqrtf(v * v + 1.0f);
        } else {
            for (int s = 0; s < iters; ++s)
                v = fmaf(v, 0.875f, w) - 0.0625f * v * v;
        }
        v += w;
    }
    out[i] = v * 0.5f + 1.0f;
}

int bench_path(int key) { return key & 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    denoise_opt<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, len, d.n, 1);
}
