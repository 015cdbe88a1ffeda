// host_code.cu -- a kernel with host code in the same file (no OpenCL
// counterpart)
//
// The host function allocates, copies and launches the kernel with <<<>>>;
// a __host__ __device__ helper is shared.  Expected: the kernel's branch is
// REMAPPED; everything outside the kernel body (includes, the helper, the
// host function, the launch) stays byte for byte.
//
// EXEC: kernel=host_code global=1000 local=32,64,128,256
// EXEC: arg in buf float size=N fill=mix:-20:20
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg n val int value=N

#include <cstdio>
#include <cuda_runtime.h>

__host__ __device__ inline float squash(float v) { return v / (1.0f + v * v); }

__global__ void host_code(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = in[i];
        float r;
        if (v > 0.0f) {
            r = v;
            for (int k = 0; k < 12; ++k)
                r = squash(r) + 0.5f;
        } else {
            r = -v * 0.25f;
        }
        out[i] = r;
    }
}

// Not called by the test harness: it only has to stay as it is.
int run_host_code(const float *host_in, float *host_out, int n)
{
    float *d_in = nullptr, *d_out = nullptr;
    if (cudaMalloc(&d_in, n * sizeof(float)) != cudaSuccess ||
        cudaMalloc(&d_out, n * sizeof(float)) != cudaSuccess)
        return 1;
    cudaMemcpy(d_in, host_in, n * sizeof(float), cudaMemcpyHostToDevice);
    int threads = 128;
    host_code<<<(n + threads - 1) / threads, threads>>>(d_in, d_out, n);
    cudaMemcpy(host_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(d_in);
    cudaFree(d_out);
    if (cudaGetLastError() != cudaSuccess) {
        std::printf("launch failed\n");
        return 1;
    }
    return 0;
}
