// PCM (DARM's PCM): merge-split sorting of a block's tile.  Each of the
// PCM_T threads holds a sorted run of PCM_S keys in shared memory; in PCM_T
// odd-even phases every thread and its neighbour merge their two runs, the
// lower thread keeping the smaller half (merging from the front) and the
// upper one the larger half (from the back).  The branch on which half a
// thread keeps alternates lanes, so it splits every warp; its sides are the
// same merge loop with the comparison, the ends and the output order
// mirrored, and inside each a branch picks which of the two runs to read.
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
    // A sorted run per thread: a prefix sum of small gaps, the shape an
    // earlier pass leaves.
    unsigned v = in[base] >> 8;
    for (int e = 0; e < PCM_S; ++e) {
        v += in[base + e] & 255u;
        cur[RUN(tid) + e] = v;
    }
    __syncthreads();
    for (int p = 0; p < PCM_T; ++p) {
        const bool lower = ((tid ^ p) & 1) == 0; // the lower of this phase's pair
        const int mate = lower ? tid + 1 : tid - 1;
        const bool paired = mate >= 0 && mate < PCM_T;
        if (paired) {
            const unsigned *mine = &cur[RUN(tid)], *theirs = &cur[RUN(mate)];
            if (lower) { // the smaller half, from the front
                int a = 0, b = 0;
                for (int e = 0; e < PCM_S; ++e) {
                    const unsigned x = mine[a], y = theirs[b];
                    if (x <= y) {
                        nxt[RUN(tid) + e] = x;
                        ++a;
                    } else {
                        nxt[RUN(tid) + e] = y;
                        ++b;
                    }
                }
            } else { // the larger half, from the back
                int a = PCM_S - 1, b = PCM_S - 1;
                for (int e = 0; e < PCM_S; ++e) {
                    const unsigned x = mine[a], y = theirs[b];
                    if (x > y) {
                        nxt[RUN(tid) + PCM_S - 1 - e] = x;
                        --a;
                    } else {
                        nxt[RUN(tid) + PCM_S - 1 - e] = y;
                        --b;
                    }
                }
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
