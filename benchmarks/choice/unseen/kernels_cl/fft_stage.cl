// One radix-2 stage of an out-of-place complex FFT, sum or difference by
// the bit `span` of the work-item's index (OpenCL twin of
// kernels/fft_stage.cu; the span is the largest power of two <= len).
// Harness arguments: keys, x, outf, outu, len, n.
// EXEC: kernel=radix2_stage global=65536 local=64,256
// EXEC: arg unused buf int size=N fill=rand:0:2147483647
// EXEC: arg data buf float size=N fill=rand:0:0
// EXEC: arg out_re buf float size=N fill=zero
// EXEC: arg out_im buf uint size=N fill=zero
// EXEC: arg len val int value=16
// EXEC: arg n val int value=N
#define TWO_PI 6.283185307f

__kernel void radix2_stage(__global const int *unused, __global const float *data,
                           __global float *out_re, __global uint *out_im, int len, int n)
{
    const int i = get_global_id(0);
    if (i >= n)
        return;
    const int half_n = n / 2;
    const int span = 1 << (31 - clz(len));
    const int k = i & (span - 1);
    const int top = (i & ~(2 * span - 1)) | k;
    const int bot = top + span;
    const float angle = -TWO_PI * (float)k / (float)(2 * span);
    const float s = native_sin(angle), c = native_cos(angle);
    const float ar = data[top & (half_n - 1)], ai = data[half_n + (top & (half_n - 1))];
    const float br = data[bot & (half_n - 1)], bi = data[half_n + (bot & (half_n - 1))];
    const float tr = br * c - bi * s;
    const float ti = br * s + bi * c;
    if ((i & span) == 0) {
        out_re[i] = ar + tr;
        out_im[i] = as_uint(ai + ti);
    } else {
        out_re[i] = ar - tr;
        out_im[i] = as_uint(ai - ti);
    }
}
