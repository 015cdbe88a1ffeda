// Input of cuda-parse.test: bfloat16 and half state across a branch, the
// conversions called from host code too (cuda_bf16.h, cuda_fp16.h).
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void mix_prec(const int *sel, const __nv_bfloat16 *a,
                         const __half2 *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __nv_bfloat16 x = a[i];
    __half2 h = b[i];
    float acc = 0.0f;
    if (sel[i] & 1) {
        for (int k = 0; k < 48; ++k) acc += __bfloat162float(x) * (float)k;
    } else {
        for (int k = 0; k < 32; ++k) acc += __low2float(h) - __high2float(h);
    }
    out[i] = acc;
}

void fill(__nv_bfloat16 *ha, __half2 *hb, int n)
{
    for (int i = 0; i < n; ++i) {
        ha[i] = __float2bfloat16((float)(i % 64));
        hb[i] = __floats2half2_rn((float)(i % 32), (float)(i % 16));
    }
}
