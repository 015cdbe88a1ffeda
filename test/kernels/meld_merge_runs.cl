// meld_merge_runs.cl
//
// Tests: the merge step of a bottom-up merge sort, one pair of runs per
// work-item (as in a mergesort sample's first passes): the two runs start
// at `a` and `b`, their lengths come from memory (0 to 8 keys, so items of
// one warp merge for different numbers of steps), and each step takes the
// head of one run or the other.  The branch that chooses the run sits in
// the loop of data-dependent length; its two sides are the same three
// statements on the other run: a declaration of the same name and type
// (the head), the store, the run's cursor moved on.  Keys equal to the
// previous output are counted as duplicates under a nested if without
// else on both sides.
//
// Expected tdrc action: the meld transform melds the branch in the loop:
// `key` is declared once from `(tdr_meld0 ? a : b)[(tdr_meld0 ? ia : ib)]`, the
// store and the duplicate test are written once, the cursor increments
// stay under `if (tdr_meld0)` / `if (!tdr_meld0)`.  The remap transform
// leaves the loop's branch alone (a data-dependent trip count).  With every
// transform on, the dwa transform takes the loop (a work pool) and the
// branch in it stays as it is: TDRC-FLAGS turns dwa off, so that the
// tests' rewrites meld (the pool_* kernels test dwa).
//
// TDRC-FLAGS: --transforms=-dwa
// EXEC: kernel=meld_merge_runs global=1000 local=32,64,256
// EXEC: arg runs buf int size=16*N fill=rand:-50:50
// EXEC: arg lens buf int size=N fill=mix:-8:8
// EXEC: arg out buf int size=16*N fill=zero
// EXEC: arg dups buf int size=N fill=zero
// EXEC: arg n val int value=N

#define RUN 8
#define RUN_LEN(v) ((v) > 0 ? ((v) > RUN ? RUN : (v)) : 0)

__kernel void meld_merge_runs(__global const int *runs, __global const int *lens,
                              __global int *out, __global int *dups, int n)
{
    const int g = get_global_id(0);
    if (g >= n)
        return;
    __global const int *a = runs + g * 2 * RUN;
    __global const int *b = a + RUN;
    __global int *dst = out + g * 2 * RUN;
    const int na = RUN_LEN(lens[g]);
    const int nb = RUN - na / 2;
    int ia = 0, ib = 0, prev = -1000, same = 0;
    for (int o = 0; o < na + nb; ++o) {
        const int take_a = ib >= nb || (ia < na && a[ia] <= b[ib]);
        if (take_a) {
            const int key = a[ia];
            dst[o] = key;
            if (key == prev)
                ++same;
            prev = key;
            ++ia;
        } else {
            const int key = b[ib];
            dst[o] = key;
            if (key == prev)
                ++same;
            prev = key;
            ++ib;
        }
    }
    dups[g] = same;
}
