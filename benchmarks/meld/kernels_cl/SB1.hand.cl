// OpenCL twin of kernels/SB1.hand.cu, launched the same way by meld_cl.cpp.
// SB1, melded by hand (see SB1.cu): one side, its operands and constants
// selected; the swap of roles is hoisted out of the loop (p plays a on the
// first side and b on the second, q the other).
#pragma OPENCL FP_CONTRACT OFF

#define SB_BLOCK 256
#define SB1_ROUNDS 256

__kernel void sb1_key(__global const unsigned *restrict keys, __global const float *restrict x,
                        __global float *restrict y, int rounds, int n)
{
    const int i = get_group_id(0) * SB_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const bool c = (keys[i] & 1u) != 0;
    const float a0 = x[i], b0 = x[n - 1 - i];
    const float k0 = c ? 0.75f : 0.625f, k1 = c ? 0.125f : 0.25f, k2 = c ? 0.875f : 0.75f;
    const float k3 = c ? 0.0625f : 0.125f, k4 = c ? 0.25f : 0.5f, k5 = c ? 0.375f : 0.25f;
    const float k6 = c ? 0.25f : 0.125f;
    float p = c ? a0 : b0, q = c ? b0 : a0, v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        v = v * k0 + p;
        p = p * 0.5f + v * k1;
        q = q * k2 - p * k3;
        v = v - q * k4;
        p = p + q * k5;
        v = v * 0.5f + p * k6;
    }
    const float a = c ? p : q, b = c ? q : p;
    y[i] = v + a + b;
}

__kernel void sb1_tid(__global const unsigned *restrict keys, __global const float *restrict x,
                        __global float *restrict y, int rounds, int n)
{
    const int i = get_group_id(0) * SB_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const bool c = (get_local_id(0) & 1u) != 0;
    const float a0 = x[i], b0 = x[n - 1 - i];
    const float k0 = c ? 0.75f : 0.625f, k1 = c ? 0.125f : 0.25f, k2 = c ? 0.875f : 0.75f;
    const float k3 = c ? 0.0625f : 0.125f, k4 = c ? 0.25f : 0.5f, k5 = c ? 0.375f : 0.25f;
    const float k6 = c ? 0.25f : 0.125f;
    float p = c ? a0 : b0, q = c ? b0 : a0, v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        v = v * k0 + p;
        p = p * 0.5f + v * k1;
        q = q * k2 - p * k3;
        v = v - q * k4;
        p = p + q * k5;
        v = v * 0.5f + p * k6;
    }
    const float a = c ? p : q, b = c ? q : p;
    y[i] = v + a + b;
}
