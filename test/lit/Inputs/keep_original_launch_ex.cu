// Input of keep-original/cuda.test: a kernel launched through
// cudaLaunchKernelEx with a config and launch attributes (a stream priority
// and programmatic stream serialization, as code using programmatic
// dependent launch writes), once inside a checking macro's argument;
// --cuda-prelude declares the config, its attributes and the call.
#include <cuda_runtime.h>
#define BLOCK 256
#define CUDA_TRY(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) return e_; } while (0)
__global__ void classify_ex(const int *in, float *out, int n)
{
    const int gid = blockIdx.x * BLOCK + threadIdx.x;
    if (gid >= n)
        return;
    const int tag = in[gid];
    float acc = 1.0f;
    if (tag % 3 == 0) {
        for (int t = 0; t < 48; ++t)
            acc = fmaf(acc, 0.97f, expf(-(float)t));
    } else {
        for (int t = 0; t < 48; ++t)
            acc = acc * 1.03f - logf(1.0f + (float)t);
    }
    out[gid] = acc;
}
cudaError_t run_ex(const int *in, float *out, int n, cudaStream_t s)
{
    cudaLaunchAttribute attrs[2];
    attrs[0].id = cudaLaunchAttributePriority;
    attrs[0].val.priority = -1;
    attrs[1].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attrs[1].val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3((n + BLOCK - 1) / BLOCK);
    config.blockDim = dim3(BLOCK);
    config.stream = s;
    config.attrs = attrs;
    config.numAttrs = 2;
    CUDA_TRY(cudaLaunchKernelEx(&config, &classify_ex, in, out, n / 2));
    return cudaLaunchKernelEx(&config, classify_ex, in, out, n);
}
