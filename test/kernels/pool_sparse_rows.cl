// pool_sparse_rows.cl
//
// Tests: a sparse-row reduction (CSR SpMV-like): each work-item sums a
// row whose start and length come from memory, so rows of 0 to 63
// entries meet in one warp.  The row loop skips negative entries with
// `continue` and gives up on a sentinel with `return` (no result written);
// a helper reads the entry; the result goes through a second statement
// after the loop.
//
// Expected tdrc action: the dwa transform gives the row loop a work pool;
// the loop's continue keeps its meaning (on to the increment), its return
// drops the item without the statements after the loop.
//
// EXEC: kernel=pool_sparse_rows global=1000 local=32,64,256
// EXEC: arg start buf int size=N fill=rand:0:4000
// EXEC: arg count buf int size=N fill=mix:-20:63
// EXEC: arg vals buf int size=4096+64 fill=rand:-50:1000
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

int entry(__global const int *vals, int k) { return vals[k] * 3 + 1; }

__kernel void pool_sparse_rows(__global const int *start, __global const int *count,
                               __global const int *vals, __global int *out, int n)
{
    int row = get_global_id(0);
    if (row >= n)
        return;
    int first = start[row];
    int len = count[row] > 0 ? count[row] : 0;
    int sum = 0, used = 0;
    int j = 0;
    while (j < len) {
        int v = entry(vals, first + j);
        ++j;
        if (v < 0)
            continue;
        if (v == 2998) /* sentinel: the row is broken, write nothing */
            return;
        sum += v;
        ++used;
    }
    out[row] = sum;
    if (used > 0)
        out[row] += used << 20;
}
