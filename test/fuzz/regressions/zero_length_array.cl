// Found by tdrc_fuzz (a segfault; UBSan: "applying non-zero offset to null
// pointer" in slot(), lib/TDR/RemapCode.cpp, with --algorithm dgi; the
// default options crash the same way): a zero-length private array (GNU C,
// accepted by Clang) live at the remap point took 0 slots of its migration
// pool, so the pool was dropped as unused while the variable kept its index.
// It holds no data: nothing to move.  (Its accesses are out of bounds: this
// kernel is for the rewriter only, never run.)
__kernel void zero_length_array(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    if (gid < n) {
        int v[0];
        v[0] = in[gid];
        if (v[0] > 0)
            out[gid] = v[0] * 3;
        else
            out[gid] = v[0] - 1;
    }
}
