// Micro-benchmark with nested branches (three paths): for k >= 2 an inner
// branch on bit 0 of k picks one of two loops, otherwise a third loop runs.
// tdrc evaluates both conditions before one DGI round over the 3 paths;
// this copy keeps the inner branch out (`#pragma tdr skip`): one
// Head-or-Tail round on the outer branch, the inner one still diverges.
// The paths are micro_p4.cl's.
//
// EXEC: kernel=micro global=4096 local=64,256
// EXEC: arg in buf float size=N fill=rand:0:1
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg pathlen val int value=5
#pragma OPENCL FP_CONTRACT OFF

__kernel void micro(__global const float *in, __global float *out,
                    const int pathlen)
{
    int gid = get_global_id(0);
    float v = in[gid];
    float r = v;
    int k = (int)(v * 4.0f);
    if (k >= 2) {
#pragma tdr skip
        if (k & 1) {
            for (int i = 0; i < pathlen; ++i) {
                r = r + 0.0625f * sqrt(r + 0.5f) / (r + 2.0f);
            }
        } else {
            float y = 0.25f;
            for (int i = 0; i < pathlen; ++i) {
                float x = r * 0.99980001f - y * 0.019998667f;
                y = r * 0.019998667f + y * 0.99980001f;
                y = y + 0.01f * (x * x * x);
                r = x;
            }
            r = r * r + y * y;
        }
    } else {
        for (int i = 0; i < pathlen; ++i) {
            r = r * 0.75f + 0.5f / (r + 1.0f);
        }
    }
    out[gid] = r;
}
