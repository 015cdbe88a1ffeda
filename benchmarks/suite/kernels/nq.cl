// NQ: N-queens by backtracking, tasks fetched atomically (a kernel of the
// kind the paper took from third-party suites; written for tdrc's suite).
//
// A task fixes the columns of the first k rows (4 bits a row).  Work-items
// take tasks in the order they reach an atomic counter; a task whose rows
// already attack each other is dead, a live one is searched depth-first with
// bit masks over the remaining rows, and its count of solutions written.
// The remap can only group live tasks; the search loop itself still diverges
// (its trip count differs per task) and tdrc leaves it alone.
#define MAXN 16

__kernel void nq(__global const int *tasks, __global int *count,
                 __global int *next, const int nqueens, const int k)
{
    int t = atomic_inc(next);
    int task = tasks[t];
    uint cols = 0, ld = 0, rd = 0;
    int ok = 1;
    for (int r = 0; r < k; ++r) {
        int c = (task >> (4 * r)) & 15;
        uint bit = 1u << c;
        ok = ok & (c < nqueens) & ((bit & (cols | ld | rd)) == 0);
        cols |= bit;
        ld = (ld | bit) << 1;
        rd = (rd | bit) >> 1;
    }
    int found = 0;
    if (ok) {
        uint full = (1u << nqueens) - 1u;
        uint sc[MAXN], sl[MAXN], sr[MAXN], sf[MAXN];
        int rows = nqueens - k;
        int d = 0;
        sc[0] = cols;
        sl[0] = ld;
        sr[0] = rd;
        sf[0] = full & ~(cols | ld | rd);
        while (d >= 0) {
            uint fr = sf[d];
            if (fr == 0u) {
                --d;
                continue;
            }
            uint bit = fr & (0u - fr);
            sf[d] = fr ^ bit;
            if (d + 1 == rows) {
                ++found;
                continue;
            }
            sc[d + 1] = sc[d] | bit;
            sl[d + 1] = (sl[d] | bit) << 1;
            sr[d + 1] = (sr[d] | bit) >> 1;
            sf[d + 1] = full & ~(sc[d + 1] | sl[d + 1] | sr[d + 1]);
            ++d;
        }
    }
    count[t] = found;
}
