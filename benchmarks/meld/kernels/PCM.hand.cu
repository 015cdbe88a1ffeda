// PCM, melded by hand (see PCM.cu): one merge loop whose start, step,
// comparison and output order are selected by the half a thread keeps, and
// whose inner branch became selects.
#include "../bench.h"

#define PCM_T 128 // threads per block, one run each
#define PCM_S 8   // keys per run
#define RUN(t) ((t) * PCM_S)

__global__ void pcm_merge_split(const unsigned *__restrict__ in, unsigned *__restrict__ out)
{
    __shared__ unsigned cur[PCM_T * PCM_S];
    __shared__ unsigned nxt[PCM_T * PCM_S];
    const int tid = threadIdx.x;
    const int base = blockIdx.x * PCM_T * PCM_S + RUN(tid);
    unsigned v = in[base] >> 8;
    for (int e = 0; e < PCM_S; ++e) {
        v += in[base + e] & 255u;
        cur[RUN(tid) + e] = v;
    }
    __syncthreads();
    for (int p = 0; p < PCM_T; ++p) {
        const bool lower = ((tid ^ p) & 1) == 0;
        const int mate = lower ? tid + 1 : tid - 1;
        const bool paired = mate >= 0 && mate < PCM_T;
        if (paired) {
            const unsigned *mine = &cur[RUN(tid)], *theirs = &cur[RUN(mate)];
            const int step = lower ? 1 : -1;
            int a = lower ? 0 : PCM_S - 1, b = a;
            for (int e = 0; e < PCM_S; ++e) {
                const unsigned x = mine[a], y = theirs[b];
                const bool take = lower ? x <= y : x > y;
                nxt[RUN(tid) + (lower ? e : PCM_S - 1 - e)] = take ? x : y;
                a += take ? step : 0;
                b += take ? 0 : step;
            }
        }
        __syncthreads();
        if (paired)
            for (int e = 0; e < PCM_S; ++e)
                cur[RUN(tid) + e] = nxt[RUN(tid) + e];
        __syncthreads();
    }
    for (int e = 0; e < PCM_S; ++e)
        out[base + e] = cur[RUN(tid) + e];
}

const char *const bench_cases[] = {"", nullptr};

void bench_launch(const BenchData &d, int, cudaStream_t s)
{
    pcm_merge_split<<<d.n / (PCM_T * PCM_S), PCM_T, 0, s>>>(d.in, d.out);
}
