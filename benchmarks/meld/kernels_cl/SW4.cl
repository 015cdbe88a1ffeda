// OpenCL twin of kernels/SW4.cu, launched the same way by meld_cl.cpp.
// SW4 (a four-way SB1): a switch on a two-bit value picks one of four
// cases that run the same straight-line round on different constants, the
// roles of a and b swapped in every other case, in a loop of SW4_ROUNDS
// rounds: the shape of a per-element mode or material switch in a time
// step.  Two kernels: the case picked by two key bits (random, all four
// in every warp) or by the thread index (lanes in turn).
#pragma OPENCL FP_CONTRACT OFF

#define SW_BLOCK 256
#define SW4_ROUNDS 256

__kernel void sw4_key(__global const unsigned *restrict keys, __global const float *restrict x,
                        __global float *restrict y, int rounds, int n)
{
    const int i = get_group_id(0) * SW_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const unsigned c = keys[i] & 3u;
    float a = x[i], b = x[n - 1 - i], v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        switch (c) {
        case 0:
            v = v * 0.75f + a;
            a = a * 0.5f + v * 0.125f;
            b = b * 0.875f - a * 0.0625f;
            v = v - b * 0.25f;
            break;
        case 1:
            v = v * 0.625f + b;
            b = b * 0.5f + v * 0.25f;
            a = a * 0.75f - b * 0.125f;
            v = v - a * 0.5f;
            break;
        case 2:
            v = v * 0.5f + a;
            a = a * 0.25f + v * 0.375f;
            b = b * 0.625f - a * 0.125f;
            v = v - b * 0.125f;
            break;
        default:
            v = v * 0.875f + b;
            b = b * 0.375f + v * 0.5f;
            a = a * 0.5f - b * 0.25f;
            v = v - a * 0.375f;
        }
    }
    y[i] = v + a + b;
}

__kernel void sw4_tid(__global const unsigned *restrict keys, __global const float *restrict x,
                        __global float *restrict y, int rounds, int n)
{
    const int i = get_group_id(0) * SW_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const unsigned c = get_local_id(0) & 3u;
    float a = x[i], b = x[n - 1 - i], v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        switch (c) {
        case 0:
            v = v * 0.75f + a;
            a = a * 0.5f + v * 0.125f;
            b = b * 0.875f - a * 0.0625f;
            v = v - b * 0.25f;
            break;
        case 1:
            v = v * 0.625f + b;
            b = b * 0.5f + v * 0.25f;
            a = a * 0.75f - b * 0.125f;
            v = v - a * 0.5f;
            break;
        case 2:
            v = v * 0.5f + a;
            a = a * 0.25f + v * 0.375f;
            b = b * 0.625f - a * 0.125f;
            v = v - b * 0.125f;
            break;
        default:
            v = v * 0.875f + b;
            b = b * 0.375f + v * 0.5f;
            a = a * 0.5f - b * 0.25f;
            v = v - a * 0.375f;
        }
    }
    y[i] = v + a + b;
}
