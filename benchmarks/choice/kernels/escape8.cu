// Loop divergence: escape-time iteration (z = z^2 + c until |z| > 2) whose
// iteration limit differs by item, 1 to 8 times `len` (the shape of a
// fractal renderer with per-pixel refinement); a break leaves the loop.
// The dwa transform's target; the ideal sorts the items of each block by
// their limit.
#include "../bench.h"

#define LIMIT(k, len) ((len) * (1 + ((k) & 7)))

__global__ void escape_time(const int *__restrict__ keys, const float *__restrict__ x,
                            unsigned *__restrict__ out, int len, int n)
{
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n)
        return;
    const int key = keys[gid];
    const float cr = 0.25f * (x[gid] - 0.5f), ci = 0.2f * (float)((key >> 3) & 7) / 7.0f;
    const int limit = LIMIT(key, len);
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    for (; it < limit; ++it) {
        const float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        if (zr * zr + zi * zi > 4.0f)
            break;
    }
    out[gid] = (unsigned)it;
}

int bench_path(int key) { return key & 7; }
const int bench_paths = 8;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    escape_time<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outu, len, d.n);
}
