// OpenCL twin of kernels/SB2.cu, launched the same way by meld_cl.cpp.
// SB2 (DARM's synthetic SB2): like SB1, the same straight-line work on
// either side, here loads from a lookup table at different addresses and a
// store to a different output (no restrict: the stores stay in the
// loop).  Two kernels: the side picked by a key bit or by the thread index.
#pragma OPENCL FP_CONTRACT OFF

#define SB_BLOCK 256
#define SB2_ROUNDS 64
#define SB_TABM 4095u // the table: the first 4096 floats of x

__kernel void sb2_key(__global const unsigned *keys, __global const float *tab, __global float *outa, __global float *outb, int rounds,
                        int n)
{
    const int i = get_group_id(0) * SB_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const bool c = (keys[i] & 1u) != 0;
    unsigned h = keys[i] >> 1;
    float v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            const float p = tab[h & SB_TABM];
            const float q = tab[(h >> 12) & SB_TABM];
            v = v * 0.5f + p * q;
            outa[i] = v;
        } else {
            const float p = tab[(h >> 6) & SB_TABM];
            const float q = tab[(h >> 18) & SB_TABM];
            v = v * 0.5f + p * q;
            outb[i] = v;
        }
        h = h * 1664525u + 1013904223u;
    }
}

__kernel void sb2_tid(__global const unsigned *keys, __global const float *tab, __global float *outa, __global float *outb, int rounds,
                        int n)
{
    const int i = get_group_id(0) * SB_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const bool c = (get_local_id(0) & 1u) != 0;
    unsigned h = keys[i] >> 1;
    float v = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        if (c) {
            const float p = tab[h & SB_TABM];
            const float q = tab[(h >> 12) & SB_TABM];
            v = v * 0.5f + p * q;
            outa[i] = v;
        } else {
            const float p = tab[(h >> 6) & SB_TABM];
            const float q = tab[(h >> 18) & SB_TABM];
            v = v * 0.5f + p * q;
            outb[i] = v;
        }
        h = h * 1664525u + 1013904223u;
    }
}
