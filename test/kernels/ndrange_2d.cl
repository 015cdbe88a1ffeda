// ndrange_2d.cl
//
// Tests: a 2-D NDRange kernel with a data branch. It uses get_global_id(0/1)
// for addressing and get_local_id(0/1) in the result (so results legitimately
// depend on the local size; both versions run with the same size).
//
// Expected tdrc action: REMAP the `if (v > 0)` branch. Regrouping is over the
// flattened 2-D work-group; both global IDs and both local IDs must migrate
// (or be recomputed from a migrated flat ID) so out[y*w+x] is written for the
// correct (x, y) with the correct (lx, ly).
//
// No bounds guard: 64x32 is divisible by 8x4, 16x8 and 16x16.
//
// EXEC: kernel=ndrange_2d global=64x32 local=8x4,16x8,16x16
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void ndrange_2d(__global const int *in, __global int *out)
{
    int x = (int)get_global_id(0);
    int y = (int)get_global_id(1);
    int w = (int)get_global_size(0);
    int lx = (int)get_local_id(0);
    int ly = (int)get_local_id(1);
    int v = in[y * w + x];
    int r;
    if (v > 0) {
        r = v + x;
        for (int i = 0; i < 12; ++i)
            r = (r * 3 + y) % 4001;
    } else {
        r = -v + y;
        for (int i = 0; i < 20; ++i)
            r = (r * 7 + x + i) % 997;
        r = -r;
    }
    out[y * w + x] = r * 1000 + lx * 32 + ly;
}
