// Helpers that read IDs but cannot be cloned at file scope, and a type
// name the migration arrays could not spell: each kernel stays as it was.
namespace util {
__device__ int gidx() { return blockIdx.x * blockDim.x + threadIdx.x; }
}
struct Idx {
  static __device__ int flat() { return blockIdx.x * blockDim.x + threadIdx.x; }
};
__device__ int gid(int stride = 1) { return (blockIdx.x * blockDim.x + threadIdx.x) * stride; }

__global__ void in_namespace(const int *sel, float *out)
{
    int i = util::gidx();
    float x = 0.0f;
    if (sel[i] > 0) { for (int j = 0; j < 64; j++) x = x * 1.1f + j; }
    else            { for (int j = 0; j < 64; j++) x = __sinf(x) + j; }
    out[i] = x;
}

__global__ void static_member(const int *sel, float *out)
{
    int i = Idx::flat();
    float x = 0.0f;
    if (sel[i] > 0) { for (int j = 0; j < 64; j++) x = x * 1.1f + j; }
    else            { for (int j = 0; j < 64; j++) x = __sinf(x) + j; }
    out[i] = x;
}

__global__ void default_argument(const int *sel, float *out)
{
    int i = gid();
    float x = 0.0f;
    if (sel[i] > 0) { for (int j = 0; j < 64; j++) x = x * 1.1f + j; }
    else            { for (int j = 0; j < 64; j++) x = __sinf(x) + j; }
    out[i] = x;
}

__global__ void local_typedef(const float *in, const int *sel, float *out, int n)
{
    typedef float real;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    real x = in[i];
    if (sel[i] > 0) { for (int j = 0; j < 64; j++) x = x * 1.1f + j; }
    else            { for (int j = 0; j < 64; j++) x = __sinf(x) + j; }
    out[i] = x;
}
