// DCT (DARM's DCT, where DARM gained nothing): JPEG-style quantisation of
// the DCT coefficients of a 1024-wide plane of shorts (n of them), 8 x 8
// blocks with the luminance table scaled by a quality factor; 128 passes in
// place at 8 quality levels (a rate-control search).  The branch on the
// coefficient's sign rounds a negative one through its magnitude,
// -((-c + q/2) / q), and a positive one directly, (c + q/2) / q: short
// sides that the compiler already predicates.
#include "../bench.h"

#define DCT_W 1024
#define DCT_BX 16
#define DCT_BY 16
#define DCT_PASSES 128

__constant__ short dct_q[64] = {
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99};

__global__ void dct_init(short *coef, const unsigned *in, int count)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count)
        coef[i] = (short)((int)(in[i] & 2047u) - 1024);
}

__global__ void dct_quantize(short *coef, int width, int scale)
{
    const int x = blockIdx.x * DCT_BX + threadIdx.x;
    const int y = blockIdx.y * DCT_BY + threadIdx.y;
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

const char *const bench_cases[] = {"", nullptr};

void bench_launch(const BenchData &d, int, cudaStream_t s)
{
    short *coef = (short *)d.buf;
    dct_init<<<(d.n + 255) / 256, 256, 0, s>>>(coef, d.in, d.n);
    const dim3 grid(DCT_W / DCT_BX, d.n / DCT_W / DCT_BY), block(DCT_BX, DCT_BY);
    for (int p = 0; p < DCT_PASSES; ++p)
        dct_quantize<<<grid, block, 0, s>>>(coef, DCT_W, 25 + 25 * (p & 7));
}
