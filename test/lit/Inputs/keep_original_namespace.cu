// Input of keep-original/cuda.test: kernels inside a namespace and an
// extern "C" block, as real CUDA code declares them; the launcher's shared
// host code holds #includes, so it must land at file scope.
#include <cstdio>

namespace app {
namespace detail {
__global__ void scale(const int *key, float *out, int len, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = (float)key[i];
    if (key[i] & 1) {
        for (int s = 0; s < len; ++s)
            v = v * 0.5f + 1.0f;
    } else {
        for (int s = 0; s < len; ++s)
            v = sqrtf(v + 2.0f);
    }
    out[i] = v;
}
} // namespace detail

void run(const int *key, float *out, int len, int n)
{
    detail::scale<<<n / 256, 256>>>(key, out, len, n);
}
} // namespace app

extern "C" {
__global__ void shift(const int *key, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (float)key[i];
    if (key[i] > 7) {
        for (int s = 0; s < 64; ++s)
            v = v * 0.25f + 3.0f;
    } else {
        for (int s = 0; s < 64; ++s)
            v = sqrtf(v + 1.0f);
    }
    out[i] = v;
}
void run_shift(const int *key, float *out, int n) { shift<<<n / 128, 128>>>(key, out, n); }
}
