// Input of keep-original/cuda.test: a kernel with a bounds guard and two
// data-dependent paths that loop over an argument, launched from host code
// before and after its definition and through a macro.
__global__ void paths(const float *in, float *out, int len, int n);

void early(const float *in, float *out, int len, int n)
{
    paths<<<(n + 127) / 128, 128>>>(in, out, len, n);
}

__global__ void paths(const float *in, float *out, int len, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = in[i], r = v;
        if (v > 0.0f) {
            for (int k = 0; k < len; ++k)
                r = r * 0.999f + 0.001f * v;
        } else {
            for (int k = 0; k < len; ++k)
                r = sqrtf(fabsf(r) + 0.25f) * 0.5f;
        }
        out[i] = r;
    }
}

#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)

void run(const float *in, float *out, int len, int n, cudaStream_t s)
{
    paths<<<(n + 255) / 256, 256>>>(in, out, len, n);
    paths<<<dim3(n / 64), dim3(64), 0, s>>>(in, out, len, n);
    LAUNCH(paths, n / 32, 32, in, out, len, n);
}
