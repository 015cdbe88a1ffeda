// GELU (tanh approximation) with the saturated tails short-circuited, as a
// fused elementwise epilogue writes it: far right of zero the output is the
// input, far left it is zero, in between the tanh formula; a per-tensor
// quantisation flag (read from memory) then rounds the result.  An
// if/else-if chain on the loaded value, with paths of a few to ~30
// instructions; `len` scales the pre-activation.
#include "../bench.h"

#define GELU_K0 0.7978845608f
#define GELU_K1 0.044715f

__device__ __forceinline__ float gelu_tanh(float v)
{
    const float inner = GELU_K0 * (v + GELU_K1 * v * v * v);
    return 0.5f * v * (1.0f + tanhf(inner));
}

__global__ void gelu_clip(const float *__restrict__ in, const int *__restrict__ qflag,
                          float *__restrict__ out, float scale, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const float v = (in[i] - 0.5f) * scale;
        float y;
        if (v >= 3.0f) {
            y = v;
        } else if (v <= -3.0f) {
            y = 0.0f;
        } else {
            y = gelu_tanh(v);
        }
        if (qflag[i] & 1)
            y = rintf(y * 64.0f) * (1.0f / 64.0f);
        out[i] = y;
    }
}

int bench_path(int) { return 0; }
const int bench_paths = 1;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    // len 4..256 -> scales 1.0 .. 8.0: from all-formula to mostly-saturated inputs
    const float scale = 1.0f + 7.0f * (float)(len > 256 ? 256 : len) / 256.0f;
    gelu_clip<<<(d.n + 255) / 256, 256, 0, s>>>(d.x, d.keys, d.outf, scale, d.n);
}
