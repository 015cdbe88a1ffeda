// ifelse_basic.cl
//
// Tests: the simplest data-dependent two-way branch. Each work-item loads one
// value from a mixed-sign buffer and takes the then-path (x > 0) or the
// else-path (x <= 0). Both paths run a fixed-count arithmetic loop that gives
// path-specific results.
//
// Expected tdrc action: REMAP the `if (x > 0)` branch (condition depends on
// loaded data). The only private value live into the branch is `x` (and the
// work-item ID used for the store after it); it must migrate with the ID so
// out[gid] is written by whichever work-item ends up holding that ID.
//
// No bounds guard: the global size must be a multiple of every local size.
//
// EXEC: kernel=ifelse_basic global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void ifelse_basic(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int r;
    if (x > 0) {
        uint h = (uint)x;
        for (int i = 0; i < 16; ++i)
            h = h * 1664525u + 1013904223u;
        r = (int)(h & 0xffffu);
    } else {
        int acc = -x;
        for (int i = 0; i < 12; ++i)
            acc = (acc * 3 + i) % 1000;
        r = -acc - 1;
    }
    out[gid] = r;
}
