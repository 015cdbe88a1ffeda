// Two paths on a loaded integer, each an integer hash loop of `rounds`
// iterations (OpenCL twin of kernels/hash2.cu).  Harness arguments:
// keys, x, outf, outu, len, n.
uint mix32(uint h)
{
    h ^= h >> 16; h *= 0x7feb352du;
    h ^= h >> 15; h *= 0x846ca68bu;
    return h ^ (h >> 16);
}

__kernel void hash_select(__global const int *keys, __global const float *x,
                          __global float *outf, __global uint *out, int rounds, int n)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    int key = keys[gid];
    uint h = (uint)gid;
    if (key & 1) {
        for (int r = 0; r < rounds; ++r)
            h = mix32(h + (uint)key);
    } else {
        for (int r = 0; r < rounds; ++r)
            h = (h * 1664525u + 1013904223u) ^ (h >> 7);
    }
    out[gid] = h;
}
