// Input of macro-kernels.test: CUDA kernels stamped out by a macro at file
// scope; the toolkit's qualifiers (__global__, __restrict__ aside) are
// macros of its headers, respelled by name in the unfolded text.
#define GID (blockIdx.x * blockDim.x + threadIdx.x)
#define DEFINE_ACT(NAME, OP)                                           \
  __global__ void NAME(const int *cls, const float *x, float *y) {     \
    int i = GID;                                                       \
    float r = 0.0f;                                                    \
    if (cls[i] & 1) { for (int k = 0; k < 64; ++k) r = OP(r, x[i]); }  \
    else { for (int k = 0; k < 64; ++k) r = sqrtf(r + x[i]); }         \
    y[i] = r;                                                          \
  }
__device__ float mul_add(float a, float b) { return a * 0.5f + b; }
DEFINE_ACT(act_a, mul_add)
DEFINE_ACT(act_b, fmaxf)
