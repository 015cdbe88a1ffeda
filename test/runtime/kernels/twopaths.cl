// The choice tests' kernel (test/runtime/ChoiceTest.cpp): a bounds guard and
// two data-dependent paths, each looping `len` times, so whether the remap
// pays depends on an argument and tdrc puts the round under a run-time
// condition on len.
__kernel void twopaths(__global const int *in, __global uint *out, int n, int len)
{
    int gid = get_global_id(0);
    if (gid < n) {
        int v = in[gid];
        uint acc = (uint)gid;
        if (v & 1) {
            for (int k = 0; k < len; ++k)
                acc = acc * 1664525u + 1013904223u;
        } else {
            for (int k = 0; k < len; ++k)
                acc = (acc ^ (acc >> 13)) * 2654435761u + (uint)v;
        }
        out[gid] = acc;
    }
}
