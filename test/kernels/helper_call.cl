// helper_call.cl
//
// Tests: the divergent paths call helper functions (non-kernel functions).
// The helpers do NOT query work-item IDs themselves; they only take values
// (and a __global table pointer) as arguments.
//
// Expected tdrc action: REMAP the `if (x > 0)` branch. The helper functions
// must be kept in the output (unchanged), and calls to them inside the
// remapped paths must see the migrated argument values.
//
// EXEC: kernel=helper_call global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg tab buf float size=64 fill=rand:-1:1
// EXEC: arg out buf float size=N fill=zero

float poly_eval(float x, int terms)
{
    float r = 0.0f;
    float p = 1.0f;
    for (int i = 0; i < terms; ++i) {
        r += p / (float)(i + 1);
        p *= x;
    }
    return r;
}

uint scramble(uint h, int rounds)
{
    for (int i = 0; i < rounds; ++i) {
        h ^= h >> 13;
        h *= 0x85ebca6bu;
        h ^= h >> 16;
    }
    return h;
}

float table_walk(__global const float *tab, uint start, int steps)
{
    float s = 0.0f;
    uint idx = start & 63u;
    for (int i = 0; i < steps; ++i) {
        s += tab[idx];
        idx = (idx * 5u + 3u) & 63u;
    }
    return s;
}

__kernel void helper_call(__global const int *in, __global const float *tab,
                          __global float *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    float base = (float)x * 0.01f;
    float r;
    if (x > 0) {
        r = poly_eval(base, 12) + table_walk(tab, (uint)x, 8);
    } else {
        uint h = scramble((uint)(-x) + 17u, 9);
        r = (float)(h & 1023u) * 0.001f - table_walk(tab, h, 16);
    }
    out[gid] = r + base;
}
