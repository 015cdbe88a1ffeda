// Input of unroll-hints.test: the two sides run the same loop under the
// same `#pragma unroll` (CUDA code writes it on nearly every short loop);
// the third kernel's hints differ (2 against 4), so its loops stay apart.
__global__ void hinted(float *a, const int *flag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], acc = 0.0f;
    if (flag[i] & 1) {
#pragma unroll
        for (int k = 0; k < 8; ++k) acc += x * (float)k;
        a[i] = acc;
    } else {
#pragma unroll
        for (int k = 0; k < 8; ++k) acc += x * (float)(k + 1);
        a[i] = acc;
    }
}

__global__ void counted(float *a, const int *flag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], acc = 0.0f;
    if (flag[i] & 1) {
        #pragma unroll 4
        for (int k = 0; k < 8; ++k) acc += x * (float)k;
    } else {
        #pragma unroll 4
        for (int k = 0; k < 8; ++k) acc += x * (float)(k + 1);
    }
    a[i] = acc;
}

__global__ void mismatched(float *a, const int *flag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], acc = 0.0f;
    if (flag[i] & 1) {
#pragma unroll 2
        for (int k = 0; k < 8; ++k) acc += x * (float)k;
    } else {
#pragma unroll 4
        for (int k = 0; k < 8; ++k) acc += x * (float)(k + 1);
    }
    a[i] = acc;
}
