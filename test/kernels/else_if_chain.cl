// else_if_chain.cl
//
// Tests: a three-way `if / else if / else` chain on loaded data. The chain is
// an outer two-way branch (x > 0) whose else-path contains a second
// data-dependent branch (x + 40 > 0).
//
// Expected tdrc action: REMAP the outer `if (x > 0)` branch. The inner
// `else if (x + 40 > 0)` is nested inside a divergent path and stays
// UNCHANGED (same reasoning as nested_divergent).
//
// EXEC: kernel=else_if_chain global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void else_if_chain(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < 10; ++i)
            r = (r * 3 + 1) % 997;
    } else if (x + 40 > 0) {
        r = -x;
        for (int i = 0; i < 12; ++i)
            r = (r * 7 + i) % 991;
        r += 2000;
    } else {
        r = -x;
        for (int i = 0; i < 14; ++i)
            r = (r * 11 + 2) % 983;
        r = -r;
    }
    out[gid] = r;
}
