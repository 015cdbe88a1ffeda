// Input of keep-original/opencl.test: real-code style (a macro, a comment,
// an attribute, a bounds guard by early return), one kernel that always
// pays and one that does not diverge.
#define STEP(r, v) ((r) * 0.999f + 0.001f * (v))

__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void paths(__global const float *in, __global float *out,
                    int len, int n)
{
    int gid = get_global_id(0); // the element
    if (gid >= n)
        return;
    float v = in[gid], r = v;
    if (v > 0.0f) {
        for (int i = 0; i < len; ++i)
            r = STEP(r, v);
    } else {
        for (int i = 0; i < len; ++i)
            r = sqrt(fabs(r) + 0.25f) * 0.5f;
    }
    out[gid] = r;
}

__kernel void long_paths(__global const int *key, __global float *out)
{
    int gid = get_global_id(0);
    float r = (float)gid;
    if (key[gid] & 1) {
        for (int i = 0; i < 512; ++i)
            r = r * 0.5f + 1.0f;
    } else {
        for (int i = 0; i < 512; ++i)
            r = sqrt(r + 2.0f);
    }
    out[gid] = r;
}

__kernel void uniform(__global float *out, int flag)
{
    if (flag)
        out[get_global_id(0)] = 1.0f;
}
