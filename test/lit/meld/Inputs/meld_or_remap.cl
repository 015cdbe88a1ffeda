// Branches both remap and meld want: the pass manager weighs their gains in
// one unit (weighted operations per work-item) and gives each to the larger.
#define TILE 64

// Alike sides of fixed length: melding saves nearly a side and pays no
// round, so it takes the branch.
__kernel void shade_tiles(__global const int *mode, __global const float *src,
                          __global float *dst, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    int at = y * w + x;
    float v = src[at];
    float acc = 0.0f;
    if (mode[at] & 1) {
        for (int k = 0; k < TILE; ++k)
            acc = acc * 0.75f + v * (float)k;
        v = acc * 0.5f + 1.0f;
    } else {
        for (int k = 0; k < TILE; ++k)
            acc = acc * 0.625f + v * (float)k;
        v = acc * 0.25f + 2.0f;
    }
    dst[at] = v;
}

uint fold(uint h, uint k)
{
    h += k;
    h = (h << 13) | (h >> 19);
    return h * 5u + 0xe6546b64u;
}

// Different work in loops of `steps`: melding shares only the loop's
// header, remapping saves half of every iteration.
__kernel void scramble(__global const int *tags, __global uint *dst,
                       int steps, int count)
{
    int item = get_global_id(0);
    if (item >= count)
        return;
    int tag = tags[item];
    uint s = (uint)item * 2654435761u;
    if (tag & 2) {
        for (int t = 0; t < steps; ++t)
            s = fold(s, (uint)tag);
    } else {
        for (int t = 0; t < steps; ++t)
            s = (s ^ (s >> 11)) * 0x27d4eb2du;
    }
    dst[item] = s;
}
