// bpu_cond_assign.cl: found by test/gen/kgen_unify.py (2026-11-26): an else-if chain
// whose conditions assign t, which the paths read.  The bpu transform ran the
// conditions only while learning each item's path, so the paths read t unset;
// it must decline (a condition may write nothing).
// EXEC: kernel=bpu_cond_assign global=500 local=16,64
// EXEC: arg in buf int size=N fill=rand:-500:500
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg w val int value=G0
__kernel void bpu_cond_assign(__global const int *in, __global int *out, int w)
{
    int idx = get_global_id(0);
    if (idx >= w)
        return;
    int v0 = in[idx] % 1000;
    int t;
    int r = 1;
    if ((t = v0 % 7) > 3) {
        r = t * 5;
    } else if ((t = v0 % 5) == 2) {
        r = t + 9;
    } else {
        r = t - 1;
    }
    out[idx] = r;
}
