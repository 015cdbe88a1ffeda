// OpenCL twin of kernels/SB3.cu, launched the same way by meld_cl.cpp.
// SB3 (DARM's synthetic SB3): each side of the branch is a loop of the same
// shape and trip count (a uniform argument) whose body differs in operands
// only: the stride through a lookup table and two constants.  Two kernels:
// the side picked by a key bit or by the thread index.
#pragma OPENCL FP_CONTRACT OFF

#define SB_BLOCK 256
#define SB3_LEN 128
#define SB_TABM 4095u // the table: the first 4096 floats of x

__kernel void sb3_key(__global const unsigned *restrict keys, __global const float *restrict tab,
                        __global float *restrict y, int len, int n)
{
    const int i = get_group_id(0) * SB_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const unsigned h = keys[i];
    float v = tab[i & SB_TABM];
    if ((h & 1u) != 0) {
        for (int k = 0; k < len; ++k) {
            const float t = tab[(h + k) & SB_TABM];
            v = v * 0.5f + t * 0.25f;
        }
    } else {
        for (int k = 0; k < len; ++k) {
            const float t = tab[(h + 3 * k) & SB_TABM];
            v = v * 0.75f + t * 0.125f;
        }
    }
    y[i] = v;
}

__kernel void sb3_tid(__global const unsigned *restrict keys, __global const float *restrict tab,
                        __global float *restrict y, int len, int n)
{
    const int i = get_group_id(0) * SB_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const unsigned h = keys[i];
    float v = tab[i & SB_TABM];
    if ((get_local_id(0) & 1u) != 0) {
        for (int k = 0; k < len; ++k) {
            const float t = tab[(h + k) & SB_TABM];
            v = v * 0.5f + t * 0.25f;
        }
    } else {
        for (int k = 0; k < len; ++k) {
            const float t = tab[(h + 3 * k) & SB_TABM];
            v = v * 0.75f + t * 0.125f;
        }
    }
    y[i] = v;
}
