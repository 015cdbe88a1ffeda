// OpenCL twin of kernels/MS.hand.cu, launched the same way by meld_cl.cpp.
// MS, melded by hand (see MS.cu): the search moves both ends through
// selects, and the merge loop copies from a selected run and advances a
// selected index.

#define MS_BLOCK 256
#define MS_E 8 // keys per thread

void ms_order(unsigned *a, unsigned *b)
{
    const unsigned lo = min(*a, *b), hi = max(*a, *b);
    *a = lo;
    *b = hi;
}

__kernel void ms_sort_runs(__global unsigned *keys, int n)
{
    const int k0 = (get_group_id(0) * MS_BLOCK + get_local_id(0)) * MS_E;
    if (k0 >= n)
        return;
    unsigned k[MS_E];
#pragma unroll
    for (int e = 0; e < MS_E; ++e)
        k[e] = keys[k0 + e];
#pragma unroll
    for (int r = 0; r < MS_E; ++r) // odd-even transposition
#pragma unroll
        for (int e = r & 1; e + 1 < MS_E; e += 2)
            ms_order(&k[e], &k[e + 1]);
#pragma unroll
    for (int e = 0; e < MS_E; ++e)
        keys[k0 + e] = k[e];
}

__kernel void ms_merge(__global const unsigned *restrict src, __global unsigned *restrict dst, int w, int n)
{
    const int k0 = (get_group_id(0) * MS_BLOCK + get_local_id(0)) * MS_E;
    if (k0 >= n)
        return;
    const int pair = k0 & ~(2 * w - 1);
    const int diag = k0 - pair;
    __global const unsigned *A = src + pair, *B = src + pair + w;
    int lo = max(0, diag - w), hi = min(diag, w);
    while (lo < hi) {
        const int m = (lo + hi) >> 1;
        const bool up = A[m] <= B[diag - 1 - m];
        lo = up ? m + 1 : lo;
        hi = up ? hi : m;
    }
    int a = lo, b = diag - lo;
    for (int e = 0; e < MS_E; ++e) {
        const bool left = b >= w || (a < w && A[a] <= B[b]);
        dst[k0 + e] = left ? A[a] : B[b];
        a += left;
        b += !left;
    }
}
