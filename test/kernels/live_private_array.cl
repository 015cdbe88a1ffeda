// live_private_array.cl
//
// Tests: a private array `float a[4]` is filled before the data branch, read
// (and partly modified) inside the paths, and read after the branch. The whole
// array is live across the branch point.
//
// Expected tdrc action: REMAP the `if (key > 0)` branch; all four elements of
// `a` (plus key and the ID) must migrate with the work-item ID through local
// memory (or tdrc may decline with a diagnostic if private arrays are not
// supported -- but then the output must still be identical, i.e. unchanged).
//
// EXEC: kernel=live_private_array global=1024 local=32,64,128,256
// EXEC: arg keys buf int size=N fill=mix:-20:20
// EXEC: arg vals buf float size=N*4 fill=rand:-4:4
// EXEC: arg out buf float size=N fill=zero

__kernel void live_private_array(__global const int *keys,
                                 __global const float *vals,
                                 __global float *out)
{
    int gid = (int)get_global_id(0);
    int key = keys[gid];
    float a[4];
    for (int k = 0; k < 4; ++k)
        a[k] = vals[gid * 4 + k] + (float)key * 0.125f;

    float r = 0.0f;
    if (key > 0) {
        for (int i = 0; i < 8; ++i) {
            r = r * 0.5f + a[i & 3] * a[(i + 1) & 3];
        }
        a[0] = r;
    } else {
        float m = a[0];
        for (int i = 0; i < 12; ++i) {
            m = fmax(m, a[i & 3]) - 0.125f;
            r += m;
        }
        a[3] = -r;
    }
    out[gid] = r + a[0] - a[1] + a[2] * 2.0f - a[3];
}
