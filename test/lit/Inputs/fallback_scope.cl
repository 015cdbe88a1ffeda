// A kernel whose switched round gets no fallback copy of the body: the copy
// would move a kernel-scope __constant into a block (an error in OpenCL C).
// (A label, defined twice by a copy: test/fuzz/regressions/label_in_fallback.cl.)
__kernel void with_constant(__global const float *in, __global float *out, int len)
{
    __constant float w[2] = {0.99f, 0.01f};
    int i = get_global_id(0);
    float v = in[i];
    if (v > 0.5f) {
        for (int j = 0; j < len; ++j) v = v * w[0] + w[1];
    } else {
        for (int j = 0; j < len; ++j) v = sqrt(v + 1.0f);
    }
    out[i] = v;
}

