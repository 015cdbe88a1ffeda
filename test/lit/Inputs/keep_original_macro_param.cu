// Input of keep-original/cuda.test: the first changed kernel gets no
// launcher (parameters with defaults written by a macro), so the second one
// carries the shared code.
#define LEN_PARAMS int len = 1, int pad = 0
__global__ void first(const int *in, float *out, LEN_PARAMS)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float r = 0.0f;
    if (in[i] & 1) { for (int k = 0; k < 512; ++k) r = r * 0.5f + 1.0f; }
    else { for (int k = 0; k < 512; ++k) r = sqrtf(r + 2.0f); }
    out[i] = r;
}
__global__ void second(const int *in, float *out, int len)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float r = 0.0f;
    if (in[i] & 1) { for (int k = 0; k < 512; ++k) r = r * 0.5f + 1.0f; }
    else { for (int k = 0; k < 512; ++k) r = sqrtf(r + 2.0f); }
    out[i] = r + len;
}
void run(const int *a, float *b, int n) { second<<<n / 256, 256>>>(a, b, n); }
