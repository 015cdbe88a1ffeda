// OpenCL twin of kernels/SB3.hand.cu, launched the same way by meld_cl.cpp.
// SB3, melded by hand (see SB3.cu): one loop, its stride and constants
// selected before it.
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
    const bool c = (h & 1u) != 0;
    const unsigned stride = c ? 1u : 3u;
    const float k0 = c ? 0.5f : 0.75f, k1 = c ? 0.25f : 0.125f;
    for (int k = 0; k < len; ++k) {
        const float t = tab[(h + stride * k) & SB_TABM];
        v = v * k0 + t * k1;
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
    const bool c = (get_local_id(0) & 1u) != 0;
    const unsigned stride = c ? 1u : 3u;
    const float k0 = c ? 0.5f : 0.75f, k1 = c ? 0.25f : 0.125f;
    for (int k = 0; k < len; ++k) {
        const float t = tab[(h + stride * k) & SB_TABM];
        v = v * k0 + t * k1;
    }
    y[i] = v;
}
