// OpenCL twin of kernels/BIT.cu, launched the same way by meld_cl.cpp.
// BIT (DARM's BIT): one compare-exchange step of a global bitonic sort,
// launched for every (k, j) stage over n / 4 keys (2^20 on the GPU).  The
// branch on (i & k) picks the ascending or the descending half of the
// current bitonic sequence: its two sides are the same conditional swap
// with the comparison mirrored.  It splits every warp while k < 32.

#define BIT_BLOCK 256

__kernel void bitonic_step(__global unsigned *restrict keys, unsigned j, unsigned k, unsigned n)
{
    const unsigned i = get_group_id(0) * BIT_BLOCK + get_local_id(0);
    if (i >= n)
        return;
    const unsigned l = i ^ j; // the partner; the lower of the two does the pair
    if (l <= i)
        return;
    const unsigned a = keys[i], b = keys[l];
    if ((i & k) == 0) { // ascending
        if (a > b) {
            keys[i] = b;
            keys[l] = a;
        }
    } else { // descending
        if (a < b) {
            keys[i] = b;
            keys[l] = a;
        }
    }
}
