// OpenCL twin of kernels/SB4.hand.cu, launched the same way by meld_cl.cpp.
// SB4, melded by hand (see SB4.cu): one side whose inner if/else became
// selects too; the roles of a and b swapped once, outside the loop.
#pragma OPENCL FP_CONTRACT OFF

#define SB_BLOCK 256
#define SB4_ROUNDS 256

__kernel void sb4_key(__global const unsigned *restrict keys, __global const float *restrict x,
                        __global float *restrict y, __global unsigned *restrict z, int rounds, int n)
{
    const int i = get_group_id(0) * SB_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const bool c = (keys[i] & 1u) != 0;
    const float a0 = x[i], b0 = x[n - 1 - i];
    const float lim = c ? 0.75f : 0.625f, down = c ? 0.5f : 0.25f, up = c ? 0.25f : 0.125f;
    const float k0 = c ? 0.875f : 0.75f, k1 = c ? 0.0625f : 0.125f;
    const unsigned inc = c ? 1u : 3u, flip = c ? 2u : 4u;
    float p = c ? a0 : b0, v = 0.0f;
    unsigned cnt = 0;
    for (int r = 0; r < rounds; ++r) {
        v = v * 0.5f + p;
        const bool hi = v > lim;
        v = hi ? v - down : v + up;
        cnt = hi ? cnt + inc : cnt ^ flip;
        p = p * k0 + v * k1;
    }
    const float a = c ? p : a0, b = c ? b0 : p;
    y[i] = v + a + b;
    z[i] = cnt;
}

__kernel void sb4_tid(__global const unsigned *restrict keys, __global const float *restrict x,
                        __global float *restrict y, __global unsigned *restrict z, int rounds, int n)
{
    const int i = get_group_id(0) * SB_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const bool c = (get_local_id(0) & 1u) != 0;
    const float a0 = x[i], b0 = x[n - 1 - i];
    const float lim = c ? 0.75f : 0.625f, down = c ? 0.5f : 0.25f, up = c ? 0.25f : 0.125f;
    const float k0 = c ? 0.875f : 0.75f, k1 = c ? 0.0625f : 0.125f;
    const unsigned inc = c ? 1u : 3u, flip = c ? 2u : 4u;
    float p = c ? a0 : b0, v = 0.0f;
    unsigned cnt = 0;
    for (int r = 0; r < rounds; ++r) {
        v = v * 0.5f + p;
        const bool hi = v > lim;
        v = hi ? v - down : v + up;
        cnt = hi ? cnt + inc : cnt ^ flip;
        p = p * k0 + v * k1;
    }
    const float a = c ? p : a0, b = c ? b0 : p;
    y[i] = v + a + b;
    z[i] = cnt;
}
