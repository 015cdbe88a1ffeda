// OpenCL twin of kernels/NQU.hand.cu, launched the same way by meld_cl.cpp.
// NQU, melded by hand (see NQU.cu): one step whose parent (the current node
// or the stack slot above it), slot and depth are selected; the parent's
// masks are stored back whichever it was (a slot read from is rewritten
// with what it holds).

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
        const bool down = avail != 0;
        const int slot = down ? d : d - 1;
        const unsigned pav = down ? avail : STK(s_av, slot);
        const unsigned pco = down ? cols : STK(s_co, slot);
        const unsigned pld = down ? ld : STK(s_ld, slot);
        const unsigned prd = down ? rd : STK(s_rd, slot);
        const unsigned bit = pav & (0u - pav);
        STK(s_av, slot) = pav ^ bit;
        STK(s_co, slot) = pco;
        STK(s_ld, slot) = pld;
        STK(s_rd, slot) = prd;
        cols = pco | bit;
        ld = ((pld | bit) << 1) & full;
        rd = (prd | bit) >> 1;
        d = slot + (bit != 0);
        avail = bit != 0 ? full & ~(cols | ld | rd) : 0u;
        if (d == rows) { // a full board
            ++count;
            avail = 0;
        }
    }
    counts[g] = count;
}
