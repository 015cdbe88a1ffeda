// The split tests' kernels (test/runtime/SplitTest.cpp), rewritten with the
// split transform alone: `shade` gets both plans (one kernel per path, and
// over per-path lists); `tagged` writes through a helper that reads the
// local ID, so it gets the plan of one kernel per path only.
__kernel void shade(__global const int *in, __global uint *out, int n)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    int v = in[gid];
    uint acc = (uint)gid;
    if (v > 2) {
        for (int k = 0; k < 40; ++k)
            acc = acc * 1664525u + 1013904223u;
    } else {
        acc ^= (uint)v * 2654435761u;
    }
    out[gid] = acc;
}

static void put(__global uint *out, int i, uint v) { out[i] = v + (uint)get_local_id(0); }

__kernel void tagged(__global const int *in, __global uint *out, int n)
{
    int gid = get_global_id(0);
    if (gid < n) {
        uint acc = (uint)in[gid];
        if (in[gid] > 2)
            acc = acc * 7u + 3u;
        else
            acc = acc ^ 0x5555u;
        put(out, gid, acc);
    }
}
