// live_half2.cu -- a mixed-precision activation in the style of inference
// code: __half2 pairs (cuda_fp16.h) live across a branch on a loaded class.
// __half2 writes its copy constructor and assignment out (to pick device
// instructions), so it is not trivially copyable; it is still a plain value
// that __shared__ arrays hold.  Expected: REMAP; v and acc migrate through
// __shared__ __half2 slots.  The buffers are float (the harness fills
// float), read as __half2 pairs of their bits' low and high halves.
//
// EXEC: kernel=live_half2 global=1024 local=32,64,128,256
// EXEC: arg cls buf int size=N fill=mix:-64:64
// EXEC: arg x buf float size=N fill=rand:-2:2
// EXEC: arg y buf float size=N fill=zero
#include <cuda_fp16.h>

#define HALF_PAIRS(p) reinterpret_cast<const __half2 *>(p)

__device__ __half2 leaky(__half2 a)
{
    const __half2 zero = __float2half2_rn(0.0f);
    return __hmax2(a, __hmul2(a, __float2half2_rn(0.125f))) + zero;
}

__global__ void live_half2(const int *cls, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half2 v = __floats2half2_rn(x[i], x[i] * 0.5f);
    __half2 acc = HALF_PAIRS(x)[i];
    if (cls[i] & 1) {
        for (int k = 0; k < 24; ++k)
            acc = __hfma2(acc, v, __float2half2_rn(0.03125f * k));
        acc = leaky(acc);
    } else {
        for (int k = 0; k < 16; ++k)
            acc = __hadd2(__hmul2(acc, __float2half2_rn(0.5f)), v);
    }
    y[i] = __low2float(acc) + __high2float(acc) * 2.0f + __low2float(v);
}
