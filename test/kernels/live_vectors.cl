// live_vectors.cl
//
// Tests: OpenCL vector types (float4 and int2) are computed before the data
// branch and are live across it: read inside both paths and after it.
//
// Expected tdrc action: REMAP the `if (x > 0)` branch; the float4 `v` and the
// int2 `p` (all components) must migrate with the work-item ID.
//
// EXEC: kernel=live_vectors global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-64:64
// EXEC: arg vin buf float size=N*4 fill=rand:-2:2
// EXEC: arg vout buf float size=N*4 fill=zero
// EXEC: arg iout buf int size=N*2 fill=zero

__kernel void live_vectors(__global const int *in, __global const float *vin,
                           __global float *vout, __global int *iout)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    float4 v = vload4(gid, vin);
    int2 p = (int2)(x, x * 2 + 1);
    float4 acc;
    if (x > 0) {
        acc = v;
        for (int i = 0; i < 10; ++i) {
            acc = acc * 0.5f + v.wzyx;
            p.x = (p.x * 3 + i) % 509;
        }
    } else {
        acc = (float4)(0.0f);
        for (int i = 0; i < 16; ++i) {
            acc += (float4)(v.x, v.y * 2.0f, (float)i, -v.w);
            p.y = (p.y * 5 - i) % 211;
        }
    }
    vstore4(acc + v, gid, vout);
    vstore2(p + (int2)(x, -x), gid, iout);
}
