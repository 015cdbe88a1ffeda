// Input of unroll-hints.test: OpenCL's unroll attribute on both loops.
__kernel void hinted_cl(__global float *a, __global const int *flag, int n)
{
    int i = get_global_id(0);
    if (i >= n) return;
    float x = a[i], acc = 0.0f;
    if (flag[i] & 1) {
        __attribute__((opencl_unroll_hint(2)))
        for (int k = 0; k < 8; ++k) acc += x * (float)k;
    } else {
        __attribute__((opencl_unroll_hint(2)))
        for (int k = 0; k < 8; ++k) acc += x * (float)(k + 1);
    }
    a[i] = acc;
}
