// One radix-2 decimation-in-time stage of an out-of-place complex FFT
// (the shape of a Stockham / Cooley-Tukey stage kernel): each thread makes
// one output, the sum or the difference of its pair, chosen by the bit
// `span` of its own index; at spans below the warp size the warp takes
// both.  Complex values are split: real parts in x's first half, imaginary
// in its second; the imaginary output goes out as its bits.
#include "../bench.h"

#define TWO_PI 6.283185307f

__global__ void radix2_stage(const float *__restrict__ data, float *__restrict__ out_re,
                             unsigned *__restrict__ out_im, int span, int half_n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 2 * half_n)
        return;
    const int k = i & (span - 1);                    // position inside the butterfly group
    const int top = (i & ~(2 * span - 1)) | k;       // the pair's first element
    const int bot = top + span;
    float s, c;
    __sincosf(-TWO_PI * (float)k / (float)(2 * span), &s, &c);
    const float ar = data[top & (half_n - 1)], ai = data[half_n + (top & (half_n - 1))];
    const float br = data[bot & (half_n - 1)], bi = data[half_n + (bot & (half_n - 1))];
    const float tr = br * c - bi * s;
    const float ti = br * s + bi * c;
    if ((i & span) == 0) {
        out_re[i] = ar + tr;
        out_im[i] = __float_as_uint(ai + ti);
    } else {
        out_re[i] = ar - tr;
        out_im[i] = __float_as_uint(ai - ti);
    }
}

int bench_path(int) { return 0; }
const int bench_paths = 1;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    // len: the stage's span (a power of two); below 32 the branch diverges
    int span = 1;
    while (span * 2 <= len) span *= 2;
    radix2_stage<<<(d.n + 255) / 256, 256, 0, s>>>(d.x, d.outf, d.outu, span, d.n / 2);
}
