// ndrange_2d_guard.cl
//
// Tests: a 2-D NDRange with a 2-D bounds guard `if (x < w && y < h)` around a
// data branch. Global 60x30 is rounded up (to 64x32), so work-groups on the
// right and bottom edges are partly inactive in BOTH dimensions.
//
// Expected tdrc action: the guard is ID/uniform-only -> NOT remapped, becomes
// the "active" predicate. The inner `if (v > 0)` data branch is REMAPPED over
// the flattened 2-D work-group. Inactive items must not touch memory.
//
// EXEC: kernel=ndrange_2d_guard global=60x30 local=8x4,16x8,16x16
// EXEC: arg in buf float size=N fill=mix:-8:8
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

__kernel void ndrange_2d_guard(__global const float *in, __global float *out,
                               int w, int h)
{
    int x = (int)get_global_id(0);
    int y = (int)get_global_id(1);
    if (x < w && y < h) {
        float v = in[y * w + x];
        float r;
        if (v > 0.0f) {
            r = v;
            for (int i = 0; i < 10; ++i)
                r = r * 0.5f + (float)x * 0.25f;
        } else {
            r = v;
            for (int i = 0; i < 14; ++i)
                r = r * 0.75f - (float)y * 0.125f;
        }
        out[y * w + x] = r + (float)(x - y);
    }
}
