// CUDA kernels whose varying loop the dwa transform leaves alone: a
// declaration that cannot become an assignment.
struct Acc {
    float s;
    __device__ Acc(float v) : s(v) {}
};

__global__ void with_class(const int *n, float *out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    Acc a(0.0f);
    for (int k = 0; k < n[i]; ++k)
        a.s += k;
    out[i] = a.s;
}

__global__ void with_paren(const int *n, float *out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s(0.0f);
    for (int k = 0; k < n[i]; ++k)
        s += k;
    out[i] = s;
}
