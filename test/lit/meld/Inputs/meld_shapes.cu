// CUDA shapes of the meld transform (test/lit/meld/output.test).
template <typename T> __device__ T square(T v) { return v * v; }

__global__ void quantize(const int *coef, const int *qt, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int c = coef[i];
    int q = qt[threadIdx.x & 63];
    if (c >= 0) {
        out[i] = (c + q / 2) / q;
    } else {
        out[i] = -((-c + q / 2) / q);
    }
}

__global__ void lanes(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 16) {
        float v = in[i];
        out[i] = square(v) + 1.0f;
    } else {
        float v = in[i + 1];
        out[i] = square(v) + 2.0f;
    }
}
