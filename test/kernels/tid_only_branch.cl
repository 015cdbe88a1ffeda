// tid_only_branch.cl
//
// Tests: branches whose conditions depend only on work-item IDs, not on data:
// `if (lid % 2 == 0)` and `if (gid < 16)`. They diverge, but in a fixed,
// data-independent pattern; regrouping by a function of the ID is not the
// Head-or-Tail data remap.
//
// Expected tdrc action: leave the kernel UNCHANGED -- conditions are ID-only
// (no loaded data), not data-dependent branches.
//
// EXEC: kernel=tid_only_branch global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void tid_only_branch(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int lid = (int)get_local_id(0);
    int x = in[gid];
    int r;
    if (lid % 2 == 0) {
        r = x;
        for (int i = 0; i < 10; ++i)
            r = (r * 3 + i) % 811;
    } else {
        r = x;
        for (int i = 0; i < 10; ++i)
            r = (r * 7 - i) % 809;
    }
    if (gid < 16)
        r += 100000;
    out[gid] = r;
}
