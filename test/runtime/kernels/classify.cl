// The runtime tests' kernel: a four-way else-if chain on loaded data inside
// a bounds guard, so tdrc makes it one Data Group Indexing round over four
// paths plus the inactive key.  The tests feed it balanced and skewed path
// counts (test/runtime/FeedbackLoopTest.cpp).
__kernel void classify(__global const int *in, __global uint *out, int n)
{
    int gid = get_global_id(0);
    if (gid < n) {
        int v = in[gid];
        uint acc = (uint)gid;
        if (v == 0) {
            for (int k = 0; k < 4; ++k)
                acc = acc * 3u + 1u;
        } else if (v == 1) {
            for (int k = 0; k < 8; ++k)
                acc = acc * 5u - (uint)v;
        } else if (v == 2) {
            acc = acc ^ 0x5a5au;
        } else {
            acc = (uint)v - acc;
        }
        out[gid] = acc;
    }
}
