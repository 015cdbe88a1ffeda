// OpenCL twin of kernels/SB2.hand.cu, launched the same way by meld_cl.cpp.
// SB2, melded by hand (see SB2.cu): one side, its table shifts and its
// output selected.
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
        const float p = tab[(c ? h : h >> 6) & SB_TABM];
        const float q = tab[(h >> (c ? 12 : 18)) & SB_TABM];
        v = v * 0.5f + p * q;
        (c ? outa : outb)[i] = v;
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
        const float p = tab[(c ? h : h >> 6) & SB_TABM];
        const float q = tab[(h >> (c ? 12 : 18)) & SB_TABM];
        v = v * 0.5f + p * q;
        (c ? outa : outb)[i] = v;
        h = h * 1664525u + 1013904223u;
    }
}
