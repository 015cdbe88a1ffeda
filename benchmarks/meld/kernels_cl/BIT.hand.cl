// OpenCL twin of kernels/BIT.hand.cu, launched the same way by meld_cl.cpp.
// BIT, melded by hand: one conditional swap whose comparison operands are
// selected by the direction (see BIT.cu).

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
    const bool up = (i & k) == 0;
    const unsigned x = up ? a : b, y = up ? b : a;
    if (x > y) {
        keys[i] = b;
        keys[l] = a;
    }
}
