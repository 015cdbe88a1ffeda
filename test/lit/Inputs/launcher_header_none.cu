// Input of keep-original/launcher-header.test: no kernel whose launcher the
// header can declare (a template; a parameter type declared in this file).
struct Local {
    int bias;
};

__global__ void local_only(float *out, Local l, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = (float)l.bias;
}

template <typename T>
__global__ void fill(T *out, T value, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = value;
}
