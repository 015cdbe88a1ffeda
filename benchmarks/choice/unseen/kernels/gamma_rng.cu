// Gamma-distributed samples by Marsaglia and Tsang's rejection method (as a
// Monte Carlo engine draws them): each thread draws `nsamples` accepted
// samples of its own shape parameter from its own xorshift stream; a
// normal deviate from Box-Muller, then the squeeze and the log test; a
// rejected candidate is redrawn, so the loop's trip count is data-dependent.
#include "../bench.h"

__device__ __forceinline__ unsigned xorshift32(unsigned s)
{
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

__device__ __forceinline__ float to_unit(unsigned s)
{
    return ((float)(s >> 8) + 0.5f) * (1.0f / 16777216.0f);
}

__global__ void gamma_draw(const int *__restrict__ seeds, const float *__restrict__ shape_u,
                           float *__restrict__ mean_out, unsigned *__restrict__ tries_out,
                           int nsamples, int n)
{
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n)
        return;
    unsigned state = (unsigned)seeds[tid] | 1u;
    const float alpha = 1.0f + 4.0f * shape_u[tid];
    const float d = alpha - 1.0f / 3.0f;
    const float c = rsqrtf(9.0f * d);
    float sum = 0.0f;
    int accepted = 0;
    unsigned tries = 0;
    while (accepted < nsamples) {
        ++tries;
        state = xorshift32(state);
        const float u1 = to_unit(state);
        state = xorshift32(state);
        const float u2 = to_unit(state);
        const float z = sqrtf(-2.0f * __logf(u1)) * __cosf(6.283185307f * u2);
        float v = 1.0f + c * z;
        if (v <= 0.0f)
            continue;
        v = v * v * v;
        state = xorshift32(state);
        const float u = to_unit(state);
        if (u < 1.0f - 0.0331f * z * z * z * z ||
            __logf(u) < 0.5f * z * z + d * (1.0f - v + __logf(v))) {
            sum += d * v;
            ++accepted;
        }
    }
    mean_out[tid] = sum / (float)nsamples;
    tries_out[tid] = tries;
}

int bench_path(int) { return 0; }
const int bench_paths = 1;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    gamma_draw<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, d.outu, len, d.n);
}
