// switch3.cl
//
// Tests: a 3-way switch on loaded data (two cases and a default); a float
// computed before the switch is live in every case and after it.
//
// Expected tdrc action: REMAP with Data Group Indexing over 3 paths; the
// switch value itself moves with its work-item (tdr_key).
//
// EXEC: kernel=switch3 global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=rand:-1000:1000
// EXEC: arg out buf float size=N fill=zero

__kernel void switch3(__global const int *in, __global float *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
    float f = (float)x * 0.125f;
    switch (x % 3) {
    case 0:
        for (int i = 0; i < 12; ++i)
            f = f * 0.5f + 1.0f;
        break;
    case 1:
    case -1:
        for (int i = 0; i < 9; ++i)
            f = f * 0.75f - 2.0f;
        break;
    default:
        f = -f;
        break;
    }
    out[gid] = f + (float)(x & 7);
}
