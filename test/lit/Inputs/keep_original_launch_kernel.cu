// Input of keep-original/cuda.test: a kernel launched with <<<>>> once and
// through its address twice (cudaLaunchKernel, cudaFuncSetAttribute is not
// a launch but names it too); only the <<<>>> launch can choose.
#include <cuda_runtime.h>
__global__ void classify(const int *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = 0.0f;
    if (in[i] & 1) { for (int k = 0; k < 64; ++k) v = v * 1.0001f + sinf((float)k + in[i]); }
    else { for (int k = 0; k < 64; ++k) v = v * 0.9999f + cosf((float)k - in[i]); }
    out[i] = v;
}
void run(int *in, float *out, int n)
{
    void *args[] = {&in, &out, &n};
    cudaFuncSetAttribute(classify, cudaFuncAttributePreferredSharedMemoryCarveout, 50);
    cudaLaunchKernel((const void *)classify, dim3(n / 256), dim3(256), args, 0, 0);
    classify<<<n / 256, 256>>>(in, out, n);
}
