// uniform_arg_branch.cl
//
// Tests: branches whose conditions depend ONLY on kernel arguments (uniform
// across the whole NDRange), e.g. `if (mode > 0)` and `if (scale > 2)`. They
// can never diverge inside a work-group.
//
// Expected tdrc action: leave the kernel UNCHANGED -- no branch is
// data-dependent per work-item (conditions are uniform), so remapping would
// be pure overhead.
//
// EXEC: kernel=uniform_arg_branch global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg mode val int value=1
// EXEC: arg scale val int value=3

__kernel void uniform_arg_branch(__global const int *in, __global int *out,
                                 int mode, int scale)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int r;
    if (mode > 0) {
        r = x;
        for (int i = 0; i < 12; ++i)
            r = (r * 3 + scale) % 1511;
    } else {
        r = -x;
        for (int i = 0; i < 12; ++i)
            r = (r * 5 - scale) % 1499;
    }
    if (scale > 2)
        r = r * scale + 1;
    out[gid] = r;
}
