// Kernels launched from another file through tdrc's launcher header
// (--launcher-header): header_host.cpp includes the header and calls the
// launchers, and never sees these definitions.  Changed kernels in nested
// namespaces (taking a struct from a header and a size_t) and in an
// extern "C" block; unchanged ones (a plain launcher); one whose parameter type
// only this file declares, and a template (neither is declared).
#include <cstddef>
#include "header_types.h"

namespace app {
namespace detail {
// Two paths of different work, chosen by a loaded key: tdrc remaps it.
__global__ void steps_mixed(const unsigned *key, float *out, Mix m, int len,
                            size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned k = key[i];
    float v = (float)(k & 255u) * m.scale;
    if (k & 2u) {
        for (int s = 0; s < len; ++s)
            v = v * 0.998f + m.bias;
    } else {
        for (int s = 0; s < len; ++s)
            v = sqrtf(v + m.bias) * 0.5f;
    }
    out[i] = v;
}
} // namespace detail
} // namespace app

extern "C" {
// Three paths by a loaded key: a switch.
__global__ void c_steps(const unsigned *key, float *out, int len, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = 1.0f;
    switch (key[i] % 3u) {
    case 0:
        for (int s = 0; s < len; ++s)
            v = v * 0.997f + 0.25f;
        break;
    case 1:
        for (int s = 0; s < 2 * len; ++s)
            v = sqrtf(v + 3.0f);
        break;
    default:
        v = (float)len;
    }
    out[i] = v;
}
}

// Without braces, extern "C" is this kernel's alone: its launcher is C++.
extern "C" __global__ void c_scale(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = out[i] * 2.0f;
}

// A typedef and a CUDA vector type: the header spells them canonically.
typedef float real;

__global__ void copy(const float *in, real *out, float2 scale, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * scale.x + scale.y;
}

struct Local {
    int bias;
};

__global__ void local_param(const unsigned *key, float *out, Local l, int len,
                            int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned k = key[i];
    float v = (float)(l.bias + (int)(k & 15u));
    if (k & 8u) {
        for (int s = 0; s < len; ++s)
            v = fmaf(v, 0.5f, 1.0f);
    } else {
        v = -v;
    }
    out[i] = v;
}

template <typename T>
__global__ void fill(T *out, T value, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = value;
}
