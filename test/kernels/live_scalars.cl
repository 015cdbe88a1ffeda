// live_scalars.cl
//
// Tests: several private scalars of different types (int, float, uint) are
// computed before the data branch, read inside BOTH paths, and read again
// after the branch. This checks that every live scalar migrates with the
// work-item ID and that values seen after the branch belong to the same
// logical work-item as before it.
//
// Expected tdrc action: REMAP the `if (x > 0)` branch; migrate x, a, b, c (and
// gid or its recomputation) through local memory.
//
// EXEC: kernel=live_scalars global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-200:200
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg outf buf float size=N fill=zero

__kernel void live_scalars(__global const int *in, __global int *out,
                           __global float *outf)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int a = x * 3 + 1;
    float b = (float)x * 0.5f + 0.25f;
    uint c = ((uint)x ^ 0x5bd1e995u) * 2654435761u;
    int r;
    float f;
    if (x > 0) {
        r = a;
        f = b;
        for (int i = 0; i < 10; ++i) {
            r = (r + (int)(c & 31u)) % 4099;
            f = f * 0.75f + (float)i;
            c = c * 747796405u + 2891336453u;
        }
    } else {
        r = -a;
        f = -b;
        for (int i = 0; i < 14; ++i) {
            r = (r * 5 + (int)((c >> 7) & 15u)) % 3001;
            f = f * 0.5f - 1.0f;
            c ^= c >> 3;
        }
    }
    out[gid] = r + a + (int)(c & 255u);
    outf[gid] = f + b;
}
