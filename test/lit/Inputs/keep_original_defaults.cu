// Input of keep-original/cuda.test: a kernel with an unnamed parameter (an
// unused slot kept for the ABI) and defaulted ones, launched with and
// without the defaulted arguments.
struct Scale { float k; };
__global__ void shade(const int *in, float *out, int, float gain = 1.0f,
                      Scale s = Scale{2.0f})
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float r = 0.0f;
    if (in[i] & 1) { for (int k = 0; k < 512; ++k) r = r * 0.5f + gain; }
    else { for (int k = 0; k < 512; ++k) r = sqrtf(r + s.k); }
    out[i] = r;
}
void run(const int *a, float *b, int n, cudaStream_t st)
{
    shade<<<n / 256, 256>>>(a, b, n);
    shade<<<n / 256, 256, 0, st>>>(a, b, n, 0.5f);
    shade<<<n / 256, 256>>>(a, b, n, 0.5f, Scale{3.0f});
}
// Two parameters written by one macro: their types as Clang prints them.
#define SIZES int len, int pad
__global__ void tile(const int *in, float *out, SIZES)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float r = 0.0f;
    if (in[i] & 1) { for (int k = 0; k < 512; ++k) r = r * 0.5f + 1.0f; }
    else { for (int k = 0; k < 512; ++k) r = sqrtf(r + 2.0f); }
    out[i + pad] = r + len;
}
void run_tile(const int *a, float *b, int n) { tile<<<n / 256, 256>>>(a, b, n, 0); }
