// A kernel template with `if constexpr`: tdrc writes each instantiation as
// an explicit specialization, which is no template, so the side discarded
// for float (integer `%`) would be compiled.
#include <type_traits>

template <typename T>
__global__ void quantize(const T *in, const int *flag, T *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    T v = in[i];
    if (flag[i]) {
        for (int r = 0; r < 64; ++r) {
            if constexpr (std::is_integral<T>::value)
                v = (v * 3 + r) % 1009;
            else
                v = v * (T)0.99 + (T)r;
        }
    } else {
        for (int r = 0; r < 64; ++r)
            v = v + (T)1;
    }
    out[i] = v;
}

void run(const float *a, const int *f, float *b, const int *ia, int *ib, int n)
{
    quantize<<<n / 256, 256>>>(a, f, b, n);
    quantize<<<n / 256, 256>>>(ia, f, ib, n);
}
