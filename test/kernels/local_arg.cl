// local_arg.cl
//
// Tests: a kernel with a `__local float *` buffer ARGUMENT (sized by the host
// to the work-group size). Items stage their input in it, synchronise, branch
// on a mirrored item's value, then write results back into the local buffer
// and read the group's first slot after another barrier.
// Results depend on the local size, which is fine.
//
// Expected tdrc action: REMAP the `if (v > 0)` branch. The user's __local
// argument must be preserved; tdrc's remap scratch must be separate (kernel-
// scope __local arrays or an extra argument the runtime supplies). Local-ID
// uses after the branch must be the logical (migrated) local IDs.
//
// EXEC: kernel=local_arg global=1024 local=32,64,128,256
// EXEC: arg in buf float size=N fill=mix:-10:10
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg buf local float size=L

__kernel void local_arg(__global const float *in, __global float *out,
                        __local float *buf)
{
    int gid = (int)get_global_id(0);
    int lid = (int)get_local_id(0);
    int lsz = (int)get_local_size(0);
    buf[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float v = buf[lsz - 1 - lid];
    float r;
    if (v > 0.0f) {
        r = v;
        for (int i = 0; i < 12; ++i)
            r = r * 0.5f + buf[lid];
    } else {
        r = -v;
        for (int i = 0; i < 20; ++i)
            r = r * 0.25f + (float)i * 0.5f;
        r = -r;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[lid] = r;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = r + 0.5f * buf[0];
}
