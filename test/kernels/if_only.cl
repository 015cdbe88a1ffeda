// if_only.cl
//
// Tests: a data-dependent `if` with no else. Work-items with x > 0 run an
// extra arithmetic loop; the others keep the value computed before the branch.
// `r` is defined before the branch, updated inside, and stored after it.
//
// Expected tdrc action: REMAP the `if (x > 0)` branch (one-sided divergence is
// still a two-way split: taken vs. fall-through). `x` and `r` are live into the
// branch and must migrate with the work-item ID.
//
// EXEC: kernel=if_only global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-50:50
// EXEC: arg out buf int size=N fill=zero

__kernel void if_only(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int r = x * 2 + 7;
    if (x > 0) {
        for (int i = 0; i < 20; ++i)
            r = (r * 7 + i) % 10007;
    }
    out[gid] = r;
}
