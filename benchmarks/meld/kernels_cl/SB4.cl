// OpenCL twin of kernels/SB4.cu, launched the same way by meld_cl.cpp.
// SB4 (DARM's synthetic SB4): each side of the branch holds an if/else of
// the same shape (on a value that differs by thread, so it diverges too)
// between statements of the same shape: melding meets nested regions.  In
// a loop of SB4_ROUNDS rounds.  Two kernels: the outer side picked by a key
// bit or by the thread index.
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
    float a = x[i], b = x[n - 1 - i], v = 0.0f;
    unsigned cnt = 0;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            v = v * 0.5f + a;
            if (v > 0.75f) {
                v = v - 0.5f;
                cnt += 1u;
            } else {
                v = v + 0.25f;
                cnt ^= 2u;
            }
            a = a * 0.875f + v * 0.0625f;
        } else {
            v = v * 0.5f + b;
            if (v > 0.625f) {
                v = v - 0.25f;
                cnt += 3u;
            } else {
                v = v + 0.125f;
                cnt ^= 4u;
            }
            b = b * 0.75f + v * 0.125f;
        }
    }
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
    float a = x[i], b = x[n - 1 - i], v = 0.0f;
    unsigned cnt = 0;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            v = v * 0.5f + a;
            if (v > 0.75f) {
                v = v - 0.5f;
                cnt += 1u;
            } else {
                v = v + 0.25f;
                cnt ^= 2u;
            }
            a = a * 0.875f + v * 0.0625f;
        } else {
            v = v * 0.5f + b;
            if (v > 0.625f) {
                v = v - 0.25f;
                cnt += 3u;
            } else {
                v = v + 0.125f;
                cnt ^= 4u;
            }
            b = b * 0.75f + v * 0.125f;
        }
    }
    y[i] = v + a + b;
    z[i] = cnt;
}
