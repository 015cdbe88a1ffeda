// Loop divergence: one work-item in sixteen does eight times the work of
// the others (OpenCL twin of kernels/skew16.cu).  Harness arguments: keys,
// x, outf, outu, len, n.
#define IS_LONG(k) (((k) & 15) == 0)

uint history_step(uint h, uint s)
{
    h ^= s * 0x9e3779b9u;
    h *= 0x85ebca6bu;
    return h ^ (h >> 13);
}

__kernel void skewed_histories(__global const int *keys, __global const float *x,
                               __global float *outf, __global uint *out, int len, int n)
{
    const int gid = get_global_id(0);
    if (gid >= n)
        return;
    const int key = keys[gid];
    const int steps = IS_LONG(key) ? 8 * len : len;
    uint h = (uint)key;
    for (int s = 0; s < steps; ++s)
        h = history_step(h, (uint)s);
    out[gid] = h;
}
