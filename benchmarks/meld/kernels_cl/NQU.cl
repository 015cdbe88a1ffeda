// OpenCL twin of kernels/NQU.cu, launched the same way by meld_cl.cpp.
// NQU (DARM's NQU): N-queens counting, one backtracking search per thread
// from a start placement of the first NQ_K rows (enumerated on the host,
// N = 15, K = 5 on the GPU: 89,428 starts).  A search step either places a
// queen on the current row's lowest free column (descends) or, the row
// exhausted, goes back to the parent and places its next free column:
// both sides take the lowest bit of a candidate set, store what is left of
// it and build the child's column and diagonal masks, from the current
// node's registers or from the parent's stack slot.  The stack lives in
// shared memory, one slot column per thread.

#define NQ_BLOCK 128
#define NQ_MAXD 12 // rows a search may still place
#define STK(a, l) a[(l) * NQ_BLOCK + get_local_id(0)]

__kernel void nqueen_count(__global const unsigned *restrict starts, __global unsigned *restrict counts,
                             int rows, unsigned full, int nstarts)
{
    __local unsigned s_av[NQ_MAXD * NQ_BLOCK], s_co[NQ_MAXD * NQ_BLOCK];
    __local unsigned s_ld[NQ_MAXD * NQ_BLOCK], s_rd[NQ_MAXD * NQ_BLOCK];
    const int g = get_group_id(0) * NQ_BLOCK + get_local_id(0);
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
