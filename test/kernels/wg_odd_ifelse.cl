// wg_odd_ifelse.cl
//
// Tests: a two-way data branch, a later else-if chain and a local-size
// dependent result, with work-groups of 24, 48, 100 and 200 (not multiples
// of 16 or 32). Head-or-Tail handles any size; the forced-DGI rewrite
// (diff-dgi, N=32) has a short last neighbourhood in every group.
//
// Expected tdrc action: REMAP both branches (Head-or-Tail for the if/else,
// DGI over 3 paths for the else-if chain); lid migrates or is recomputed.
// LS-dep (lid and the group size are part of the result).
//
// EXEC: kernel=wg_odd_ifelse global=1200 local=24,48,100,200
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg in2 buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void wg_odd_ifelse(__global const int *in, __global const int *in2,
                            __global int *out)
{
    int gid = (int)get_global_id(0);
    int lid = (int)get_local_id(0);
    int x = in[gid];
    int r = lid * 3 + (int)get_local_size(0);
    if (x > 0) {
        for (int i = 0; i < 7; ++i)
            r = (r * 5 + x) % 4099;
    } else {
        r = r - x;
    }
    int y = in2[gid] + (r & 1);
    if (y > 20) {
        r = r * 2 + lid;
    } else if (y > -20) {
        for (int i = 0; i < 3; ++i)
            r = (r * 3 + 1) % 1021;
    } else {
        r = -r - lid;
    }
    out[gid] = r;
}
