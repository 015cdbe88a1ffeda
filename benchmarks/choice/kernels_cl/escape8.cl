// Loop divergence: escape-time iteration whose limit differs by item, 1 to
// 8 times `len`; a break leaves the loop (OpenCL twin of
// kernels/escape8.cu).  Harness arguments: keys, x, outf, outu, len, n.
#define LIMIT(k, len) ((len) * (1 + ((k) & 7)))

__kernel void escape_time(__global const int *keys, __global const float *x,
                          __global float *outf, __global uint *out, int len, int n)
{
    const int gid = get_global_id(0);
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
    out[gid] = (uint)it;
}
