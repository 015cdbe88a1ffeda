// A path-tracer-style shading pass: each sample's material picks a long
// path (glossy: an iterated rotation; diffuse: a square-root recurrence).
// Materials are interleaved in the input, so every warp diverges.  The
// iteration count comes from the application's build options (-DITERS=...)
// and the helpers from an include directory (-I): the interceptor must pass
// both to tdrc, as the device compiler gets them.
#include "shade_common.h"

#ifndef ITERS
#error "build with -DITERS=<n>"
#endif

#define MAT_GLOSSY 1

__kernel void shade(__global const int *material, __global const float4 *albedo,
                    __global float *radiance, const int n)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    float4 c = albedo[gid];
    float r = LUMA(c);
    if (material[gid] == MAT_GLOSSY) {
        float2 p = (float2)(r, 0.25f);
        for (int i = 0; i < ITERS; ++i) {
            p = rotate_step(p);
            p.y += 0.01f * p.x * p.x * p.x;
        }
        r = p.x * p.x + p.y * p.y;
    } else {
        for (int i = 0; i < ITERS; ++i)
            r = r + 0.0625f * sqrt(r + 0.5f) / (r + 2.0f);
    }
    radiance[gid] = r;
}

// Exposure: no branch, so tdrc leaves it as it is.
__kernel void expose(__global float *radiance, const float scale, const int n)
{
    int gid = get_global_id(0);
    if (gid < n)
        radiance[gid] *= scale;
}
