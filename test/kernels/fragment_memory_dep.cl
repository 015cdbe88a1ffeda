// fragment_memory_dep.cl
//
// Tests: the second branch reads global memory that a path of the first
// branch (an else-if chain, so a DGI round that later branches may join)
// writes in place, so its condition cannot be evaluated before the first
// branch: moving it up would read the old value.
//
// Expected tdrc action: REMAP both, in two rounds (the second is a new
// fragment: its condition reads memory the first branch may write).
//
// EXEC: kernel=fragment_memory_dep global=1024 local=32,64,128,256
// EXEC: arg buf buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void fragment_memory_dep(__global int *buf, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = buf[gid];
    int r = x;
    if (x > 0) {
        for (int i = 0; i < 7; ++i)
            r = (r * 9 + 4) % 1013;
        buf[gid] = 50 - r;
    } else if (x > -50) {
        r = r * 2;
    }
    if (buf[gid] > 0) {
        for (int i = 0; i < 5; ++i)
            r = (r * 3 + 1) % 2017;
    } else {
        r = -r;
    }
    out[gid] = r;
}
