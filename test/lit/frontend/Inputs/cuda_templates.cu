// Kernel templates in the style of real CUDA code: a block size and an
// element type as parameters, a tile in shared memory sized by the block,
// launch bounds from the parameter, launches from host code.

#define TILE_OF(b) ((b) / 32)

// A table lookup per element, then one of two tails on the loaded key.
template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK) classify(const int *__restrict__ keys, const T *in, T *out, int n)
{
    __shared__ T tile[BLOCK];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    if (i >= n)
        return;
    tile[threadIdx.x] = in[i];
    T v = tile[threadIdx.x];
    if (keys[i] > 0) {
        for (int k = 0; k < 64; ++k)
            v = v * (T)3 + (T)TILE_OF(BLOCK);
    } else {
        for (int k = 0; k < 48; ++k)
            v = v * (T)5 - (T)1;
    }
    out[i] = v;
}

// Similar sides on a loaded flag: melded (one load at a selected address).
template <typename T>
__global__ void pick_side(const int *flag, const T *a, const T *b, T *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        if (flag[i] != 0)
            out[i] = a[i] * (T)2 + a[n - 1 - i];
        else
            out[i] = b[i] * (T)2 + b[n - 1 - i];
    }
}

// Never instantiated here: nothing to analyse.
template <typename T>
__global__ void unused_t(const T *in, T *out)
{
    int i = threadIdx.x;
    if (in[i] > (T)0)
        out[i] = in[i];
    else
        out[i] = -in[i];
}

// Launched before its definition: a specialization would come too late.
template <typename T> __global__ void late_t(const int *keys, T *out, int n);

void launch_late(const int *keys, float *out, int n)
{
    late_t<float><<<(n + 255) / 256, 256>>>(keys, out, n);
}

template <typename T>
__global__ void late_t(const int *keys, T *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    T v = out[i];
    if (keys[i] > 0) {
        for (int k = 0; k < 64; ++k)
            v = v * (T)3 + (T)1;
    } else {
        for (int k = 0; k < 48; ++k)
            v = v * (T)5 - (T)1;
    }
    out[i] = v;
}

void launch_all(const int *keys, const float *fin, float *fout, const int *iin, int *iout, int n)
{
    classify<float, 128><<<(n + 127) / 128, 128>>>(keys, fin, fout, n);
    classify<int, 256><<<(n + 255) / 256, 256>>>(keys, iin, iout, n);
    pick_side<float><<<(n + 255) / 256, 256>>>(keys, fin, fin, fout, n);
}
