// Per-block partial histograms in shared memory (the CUDA samples'
// histogram256 shape, each block writing its own sub-histogram): samples in
// the common range go straight to one of 256 linear bins; the rare large
// samples (one in eight) take the slow path, a binary search over
// geometric bin edges, into 256 tail bins.  Each thread bins four samples
// (a uniform loop with the data branch inside); integer shared atomics, so
// the counts do not depend on the order.
#include "../bench.h"

#define LINEAR_BINS 256
#define TAIL_BINS 256
#define SAMPLES_PER_THREAD 4
#define IS_TAIL(k) (((k) & 7) == 0)

__device__ __forceinline__ int tail_bin(float v, int nedges)
{
    // edges e_j = 2^(16 j / nedges): the first edge above v
    int lo = 0, hi = nedges;
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        if (exp2f(16.0f * (float)mid / (float)nedges) <= v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo & (TAIL_BINS - 1);
}

__global__ void histo_partial(const int *__restrict__ raw, const float *__restrict__ frac,
                              unsigned *__restrict__ partial, int nedges, int n)
{
    __shared__ unsigned s_lin[LINEAR_BINS];
    __shared__ unsigned s_tail[TAIL_BINS];
    const int t = threadIdx.x;
    for (int b = t; b < LINEAR_BINS; b += blockDim.x)
        s_lin[b] = 0;
    for (int b = t; b < TAIL_BINS; b += blockDim.x)
        s_tail[b] = 0;
    __syncthreads();

    const int base = blockIdx.x * blockDim.x * SAMPLES_PER_THREAD + t;
    for (int k = 0; k < SAMPLES_PER_THREAD; ++k) {
        const int i = base + k * blockDim.x;
        if (i < n) {
            const int key = raw[i];
            if (IS_TAIL(key)) {
                const float v = 1.0f + (float)(key >> 8) * (1.0f / 128.0f) * frac[i];
                atomicAdd(&s_tail[tail_bin(v, nedges)], 1u);
            } else {
                atomicAdd(&s_lin[(int)(frac[i] * (float)LINEAR_BINS)], 1u);
            }
        }
    }
    __syncthreads();

    unsigned *out = partial + (size_t)blockIdx.x * (LINEAR_BINS + TAIL_BINS);
    for (int b = t; b < LINEAR_BINS; b += blockDim.x)
        out[b] = s_lin[b];
    for (int b = t; b < TAIL_BINS; b += blockDim.x)
        out[LINEAR_BINS + b] = s_tail[b];
}

int bench_path(int key) { return IS_TAIL(key) ? 0 : 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    const int per_block = 256 * SAMPLES_PER_THREAD;
    histo_partial<<<(d.n + per_block - 1) / per_block, 256, 0, s>>>(d.keys, d.x, d.outu, len, d.n);
}
