// `#pragma tdr split` on a branch: the split transform runs on its kernel
// without --transforms, on that branch (an earlier divergent if that only
// sets private variables stays in the code every part runs), whatever the
// occupancy screen says.
__kernel void pick(__global const int *in, __global const float *x,
                   __global float *out, int n) {
    int i = get_global_id(0);
    if (i >= n)
        return;
    float s = 1.0f;
    if (in[i] < 0)
        s = -1.0f;
    #pragma tdr split
    if (in[i] > 3) {
        float a = x[i];
        for (int k = 0; k < 64; ++k)
            a = a * 0.5f + s;
        out[i] = a;
    } else {
        out[i] = s * x[i];
    }
}

__kernel void in_loop(__global const int *in, __global float *out, int n) {
    int i = get_global_id(0);
    for (int k = 0; k < 4; ++k) {
        #pragma tdr split
        if (in[i] > k)
            out[i] += 1.0f;
    }
}
