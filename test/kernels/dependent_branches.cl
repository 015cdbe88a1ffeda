// dependent_branches.cl
//
// Tests: a second data branch whose condition depends on the RESULT of the
// first branch (r > 0, where r's sign depends on which path was taken and on
// the data). Both paths of the first branch can produce either sign for r.
//
// Expected tdrc action: REMAP BOTH branches. The second condition is computed
// from migrated state after the first branch, so it is data-dependent too.
//
// EXEC: kernel=dependent_branches global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void dependent_branches(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < 10; ++i)
            r = (r * 7 + i) % 101;
        r = r - 50;            /* in [-50, 50] */
    } else {
        r = -x;
        for (int i = 0; i < 13; ++i)
            r = (r * 5 + 3) % 97;
        r = 48 - r;            /* in [-48, 48] */
    }

    int s;
    if (r > 0) {
        s = r;
        for (int i = 0; i < 16; ++i)
            s = (s * 3 + x + 100) % 1009;
    } else {
        s = -r;
        for (int i = 0; i < 11; ++i)
            s = (s * 13 + 5) % 10007;
        s = -s - 1;
    }
    out[gid] = s * 128 + r;
}
