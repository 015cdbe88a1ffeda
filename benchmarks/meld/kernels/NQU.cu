// NQU (DARM's NQU): N-queens counting, one backtracking search per thread
// from a start placement of the first NQ_K rows (enumerated on the host,
// N = 15, K = 5 on the GPU: 89,428 starts).  A search step either places a
// queen on the current row's lowest free column (descends) or, the row
// exhausted, goes back to the parent and places its next free column:
// both sides take the lowest bit of a candidate set, store what is left of
// it and build the child's column and diagonal masks, from the current
// node's registers or from the parent's stack slot.  The stack lives in
// shared memory, one slot column per thread.
#include "../bench.h"
#include <cstdio>
#include <cstdlib>

#define NQ_BLOCK 128
#define NQ_MAXD 12 // rows a search may still place
#define STK(a, l) a[(l) * NQ_BLOCK + threadIdx.x]

__global__ void nqueen_count(const unsigned *__restrict__ starts, unsigned *__restrict__ counts,
                             int rows, unsigned full, int nstarts)
{
    __shared__ unsigned s_av[NQ_MAXD * NQ_BLOCK], s_co[NQ_MAXD * NQ_BLOCK];
    __shared__ unsigned s_ld[NQ_MAXD * NQ_BLOCK], s_rd[NQ_MAXD * NQ_BLOCK];
    const int g = blockIdx.x * NQ_BLOCK + threadIdx.x;
    if (g >= nstarts)
        return;
    unsigned cols = starts[3 * g], ld = starts[3 * g + 1], rd = starts[3 * g + 2];
    unsigned avail = full & ~(cols | ld | rd);
    unsigned count = 0;
    int d = 0;
    while (d > 0 || avail != 0) {
        unsigned bit;
        if (avail != 0) { // place a queen on this row's lowest free column
            bit = avail & (0u - avail);
            STK(s_av, d) = avail ^ bit;
            STK(s_co, d) = cols;
            STK(s_ld, d) = ld;
            STK(s_rd, d) = rd;
            cols = cols | bit;
            ld = ((ld | bit) << 1) & full;
            rd = (rd | bit) >> 1;
            ++d;
        } else { // row exhausted: the parent's next free column
            --d;
            const unsigned pav = STK(s_av, d);
            bit = pav & (0u - pav);
            STK(s_av, d) = pav ^ bit;
            cols = STK(s_co, d) | bit;
            ld = ((STK(s_ld, d) | bit) << 1) & full;
            rd = (STK(s_rd, d) | bit) >> 1;
            d += bit != 0;
        }
        avail = bit != 0 ? full & ~(cols | ld | rd) : 0u;
        if (d == rows) { // a full board
            ++count;
            avail = 0;
        }
    }
    counts[g] = count;
}

// The start placements of the first k rows of an nq x nq board, as
// (columns, left diagonals, right diagonals), three words each.
#define NQ_MAX_STARTS 100000
static unsigned nq_host[3 * NQ_MAX_STARTS];
static int nq_enumerate(int row, int k, unsigned full, unsigned c, unsigned l, unsigned r, int at)
{
    if (row == k) {
        if (at < NQ_MAX_STARTS) {
            nq_host[3 * at] = c;
            nq_host[3 * at + 1] = l;
            nq_host[3 * at + 2] = r;
        }
        return at + 1;
    }
    for (unsigned av = full & ~(c | l | r); av != 0; av &= av - 1) {
        const unsigned b = av & (0u - av);
        at = nq_enumerate(row + 1, k, full, c | b, ((l | b) << 1) & full, (r | b) >> 1, at);
    }
    return at;
}

const char *const bench_cases[] = {"", nullptr};

void bench_launch(const BenchData &d, int, cudaStream_t s)
{
    static unsigned *starts = nullptr;
    static int nstarts = 0;
    const int nq = d.n >= (1 << 20) ? 15 : 9, k = d.n >= (1 << 20) ? 5 : 3;
    if (!starts) { // once per process: an application computes its starts once
        nstarts = nq_enumerate(0, k, (1u << nq) - 1, 0, 0, 0, 0);
        if (nstarts > NQ_MAX_STARTS || nstarts > d.n) {
            std::fprintf(stderr, "NQU: %d starts do not fit\n", nstarts);
            std::exit(2);
        }
        cudaMalloc(&starts, 3 * sizeof(unsigned) * (nstarts + 1));
        cudaMemcpy(starts, nq_host, 3 * sizeof(unsigned) * nstarts, cudaMemcpyHostToDevice);
    }
    nqueen_count<<<(nstarts + NQ_BLOCK - 1) / NQ_BLOCK, NQ_BLOCK, 0, s>>>(starts, d.out, nq - k,
                                                                          (1u << nq) - 1, nstarts);
}
