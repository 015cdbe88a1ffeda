// meld_bitonic_segments.cl
//
// Tests: one compare-exchange step (k, j) of a segmented bitonic sort, after
// the sorting-network samples' kernel: work-item i pairs with l = i ^ j, and
// the lower of the two orders the pair (the higher writes nothing, a partner
// past the end copies its key).  Each segment of 2k keys is sorted up or
// down as its flag in memory says, so the branch on the flag splits a warp
// wherever segments of both orders meet (segments of 8 keys: 4 per warp).
// Its two sides are the same conditional swap, the comparison that decides
// it (a declaration of the same name and type on both sides) reversed:
// `a < b` / `b < a`.  The swap itself is an unbraced if/else calling a
// helper; the segment comes from a macro.
//
// Expected tdrc action: the meld transform melds the branch on the flag:
// `exchange` is declared once, its comparison's operands selected; the
// rest is written once.  `#pragma tdr transforms(meld)` keeps the branch
// from the remap transform, which the forced rewrites of the tests would
// choose for it (by default, without --force, meld is chosen anyway); the
// nested ifs stay as they are.
//
// EXEC: kernel=meld_bitonic_segments global=1000 local=32,64,256
// EXEC: arg keys buf int size=N fill=rand:-100000:100000
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg order buf int size=N fill=mix:-4:4
// EXEC: arg swapped buf int size=N fill=zero
// EXEC: arg j val int value=2
// EXEC: arg k val int value=4
// EXEC: arg n val int value=N

#define SEGMENT_OF(i, k) ((i) / (2 * (k)))

void put_pair(__global int *out, int i, int l, int first, int second)
{
    out[i] = first;
    out[l] = second;
}

__kernel void meld_bitonic_segments(__global const int *keys, __global int *out,
                                    __global const int *order, __global int *swapped,
                                    int j, int k, int n)
{
    const int i = get_global_id(0);
    if (i >= n)
        return;
    const int l = i ^ j;
    if (l >= n) { /* no partner in range: the key stays */
        out[i] = keys[i];
        return;
    }
    if (l < i)
        return; /* the partner orders the pair */
    const int a = keys[i], b = keys[l];
#pragma tdr transforms(meld)
    if (order[SEGMENT_OF(i, k)] > 0) { /* descending segment */
        const int exchange = a < b;
        if (exchange)
            put_pair(out, i, l, b, a);
        else
            put_pair(out, i, l, a, b);
        swapped[i] = exchange;
    } else { /* ascending */
        const int exchange = b < a;
        if (exchange)
            put_pair(out, i, l, b, a);
        else
            put_pair(out, i, l, a, b);
        swapped[i] = exchange;
    }
}
