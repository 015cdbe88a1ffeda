// Ray casting against a list of axis-aligned boxes with the slab test
// (a BVH leaf loop, as in ray tracers): each ray tests `nboxes` boxes of a
// procedural scene, skipping a box as soon as the slabs do not overlap, and
// keeps the nearest hit; hit rays are then shaded (Lambert term and fog),
// missed rays get the sky colour.
#include "../bench.h"

#define FOG_DENSITY 0.35f

__device__ __forceinline__ void box_bounds(int b, float lo[3], float hi[3])
{
    const unsigned h = (unsigned)b * 0x9e3779b9u;
    for (int a = 0; a < 3; ++a) {
        const float c = (float)((h >> (8 * a)) & 255) * (1.0f / 255.0f) * 4.0f - 2.0f;
        lo[a] = c - 0.3f;
        hi[a] = c + 0.3f;
    }
    lo[2] += 4.0f;
    hi[2] += 4.0f;
}

__global__ void cast_rays(const int *__restrict__ seeds, const float *__restrict__ jitter,
                          float *__restrict__ shade, unsigned *__restrict__ hit_id,
                          int nboxes, int nrays)
{
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrays)
        return;
    const int seed = seeds[r];
    float dir[3], inv[3];
    dir[0] = ((float)(seed & 1023) - 511.5f) * (1.0f / 1024.0f);
    dir[1] = ((float)((seed >> 10) & 1023) - 511.5f) * (1.0f / 1024.0f) + 0.01f * jitter[r];
    dir[2] = 1.0f;
    const float norm = rsqrtf(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
    for (int a = 0; a < 3; ++a) {
        dir[a] *= norm;
        inv[a] = 1.0f / dir[a];
    }

    float nearest = 1e30f;
    int nearest_box = -1;
    for (int b = 0; b < nboxes; ++b) {
        float lo[3], hi[3];
        box_bounds(b, lo, hi);
        float tmin = 0.0f, tmax = nearest;
        for (int a = 0; a < 3; ++a) {
            const float t0 = lo[a] * inv[a], t1 = hi[a] * inv[a];
            tmin = fmaxf(tmin, fminf(t0, t1));
            tmax = fminf(tmax, fmaxf(t0, t1));
        }
        if (tmax < tmin)
            continue; // the slabs do not overlap: early out
        nearest = tmin;
        nearest_box = b;
    }

    float c;
    if (nearest_box >= 0) {
        const float lambert = fabsf(dir[(nearest_box & 1) + 1]);
        c = lambert * __expf(-FOG_DENSITY * nearest) + 0.05f * sqrtf(nearest);
    } else {
        c = 0.6f + 0.4f * dir[1];
    }
    shade[r] = c;
    hit_id[r] = (unsigned)nearest_box;
}

int bench_path(int) { return 0; }
const int bench_paths = 1;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    cast_rays<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, d.outu, len, d.n);
}
