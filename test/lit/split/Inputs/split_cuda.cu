// The split transform on CUDA: a kernel (split) and a template (declined).
#define BLOCK 128

__device__ float heavy(float x) {
    float acc = 0.0f;
    for (int k = 0; k < 64; ++k)
        acc = acc * 0.5f + sinf(x + k);
    return acc;
}

__global__ void __launch_bounds__(BLOCK) shade(const float *in, const int *mat, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = in[i];
    if (mat[i] > 0) {
        v = heavy(v);
    } else {
        v = v * 2.0f;
    }
    out[i] = v;
}

template <typename T>
__global__ void shade_t(const T *in, const int *mat, T *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        if (mat[i] > 0)
            out[i] = in[i] * 3;
        else
            out[i] = in[i];
    }
}

template __global__ void shade_t<float>(const float *, const int *, float *, int);
