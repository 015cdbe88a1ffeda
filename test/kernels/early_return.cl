// early_return.cl
//
// Tests: an ID-based early exit `if (gid >= n) return;` followed by a data
// branch at the top level. Global size 1000 leaves a partly inactive last
// work-group.
//
// Expected tdrc action: the early return is an ID/uniform guard -> NOT
// remapped, converted to the "active" predicate (returning work-items must
// still participate in the regrouping barriers). The `if (x > 0)` data branch
// is REMAPPED. Inactive IDs must not read in[] or write out[].
//
// EXEC: kernel=early_return global=1000 local=32,64,128,256
// EXEC: arg in buf float size=N fill=mix:-10:10
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg n val int value=N

__kernel void early_return(__global const float *in, __global float *out, int n)
{
    int gid = (int)get_global_id(0);
    if (gid >= n)
        return;
    float x = in[gid];
    float r;
    if (x > 0.0f) {
        r = x;
        for (int i = 0; i < 16; ++i)
            r = r * 0.9f + 0.1f * (float)i;
    } else {
        r = 0.0f;
        for (int i = 0; i < 24; ++i)
            r = r - x * 0.05f + (float)(i % 3);
    }
    out[gid] = r;
}
