// Block sums of a saturating signal (a soft-clipped energy accumulator in
// a detector or audio pipeline): each thread accumulates `per_thread`
// samples, soft-clipping those above the limit (a statement macro with a
// branch on the loaded sample), then the block reduces its partial sums in
// shared memory with interleaved addressing (the CUDA samples' reduce0:
// `tid % (2 s) == 0`, a branch on the thread's index that splits warps).
#include "../bench.h"

#define SAT_LIMIT 0.75f
#define SOFT_CLIP(v)                                            \
    do {                                                        \
        if ((v) > SAT_LIMIT)                                    \
            (v) = SAT_LIMIT + 0.25f * __logf(1.0f + 4.0f * ((v) - SAT_LIMIT)); \
    } while (0)

__global__ void block_energy(const float *__restrict__ signal, float *__restrict__ block_sum,
                             unsigned *__restrict__ clipped_count, int per_thread, int n)
{
    extern __shared__ float sdata[];
    const unsigned tid = threadIdx.x;
    const int base = blockIdx.x * blockDim.x * per_thread + tid;
    float acc = 0.0f;
    unsigned clipped = 0;
    for (int k = 0; k < per_thread; ++k) {
        const int i = base + k * blockDim.x;
        if (i < n) {
            float v = signal[i] * signal[i] * 1.5f;
            clipped += v > SAT_LIMIT;
            SOFT_CLIP(v);
            acc += v;
        }
    }
    sdata[tid] = acc;
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        block_sum[blockIdx.x] = sdata[0];
    clipped_count[blockIdx.x * blockDim.x + tid] = clipped;
}

int bench_path(int) { return 0; }
const int bench_paths = 1;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    const int per_block = 256 * len;
    block_energy<<<(d.n + per_block - 1) / per_block, 256, 256 * sizeof(float), s>>>(
        d.x, d.outf, d.outu, len, d.n);
}
