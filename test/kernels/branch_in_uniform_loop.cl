// branch_in_uniform_loop.cl
//
// Tests: a data branch inside a loop with a uniform, fixed trip count
// (k < 4 over four input rows). Every work-item reaches the branch exactly
// four times, in lock-step. The accumulator `acc` is live across the branch
// and carried around the loop.
//
// Expected tdrc action: REMAP the `if (v > 0)` branch (regroup once per
// iteration; barriers are legal because the loop is uniform). acc, k and the
// ID state must migrate each time; rows are laid out as in[k*N + gid].
// (Declining with a diagnostic would be acceptable but is not the goal.)
//
// EXEC: kernel=branch_in_uniform_loop global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N*4 fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

__kernel void branch_in_uniform_loop(__global const int *in, __global int *out,
                                     int n)
{
    int gid = (int)get_global_id(0);
    int acc = gid % 5;
    for (int k = 0; k < 4; ++k) {
        int v = in[k * n + gid];
        if (v > 0) {
            for (int i = 0; i < 10; ++i)
                acc = (acc * 3 + v + k) % 5003;
        } else {
            for (int i = 0; i < 6; ++i)
                acc = (acc * 7 - v + i) % 4999;
            acc = acc - 100;
        }
    }
    out[gid] = acc;
}
