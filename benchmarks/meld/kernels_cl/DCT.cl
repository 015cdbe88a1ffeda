// OpenCL twin of kernels/DCT.cu, launched the same way by meld_cl.cpp.
// DCT (DARM's DCT, where DARM gained nothing): JPEG-style quantisation of
// the DCT coefficients of a 1024-wide plane of shorts (n of them), 8 x 8
// blocks with the luminance table scaled by a quality factor; 128 passes in
// place at 8 quality levels (a rate-control search).  The branch on the
// coefficient's sign rounds a negative one through its magnitude,
// -((-c + q/2) / q), and a positive one directly, (c + q/2) / q: short
// sides that the compiler already predicates.

#define DCT_W 1024
#define DCT_BX 16
#define DCT_BY 16
#define DCT_PASSES 128

__constant short dct_q[64] = {
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99};

__kernel void dct_init(__global short *coef, __global const unsigned *in, int count)
{
    const int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    if (i < count)
        coef[i] = (short)((int)(in[i] & 2047u) - 1024);
}

__kernel void dct_quantize(__global short *coef, int width, int scale)
{
    const int x = get_group_id(0) * DCT_BX + get_local_id(0);
    const int y = get_group_id(1) * DCT_BY + get_local_id(1);
    const int i = y * width + x;
    int c = coef[i];
    const int q = max((dct_q[(y & 7) * 8 + (x & 7)] * scale + 50) / 100, 1);
    if (c < 0) {
        c = -c;
        c += q >> 1;
        c /= q;
        c = -c;
    } else {
        c += q >> 1;
        c /= q;
    }
    coef[i] = (short)(c * q);
}
