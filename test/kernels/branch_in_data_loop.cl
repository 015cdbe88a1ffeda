// branch_in_data_loop.cl
//
// Tests: a data-dependent branch inside a loop whose TRIP COUNT is itself
// data-dependent (cnt derived from the loaded value). Different work-items
// run different numbers of iterations, so not all of them reach the branch
// the same number of times.
//
// Expected tdrc action: leave the branch UNCHANGED -- a work-group-wide
// regroup (barriers) cannot be placed inside a loop with non-uniform trip
// count. The kernel must still be emitted and produce identical results.
//
// EXEC: kernel=branch_in_data_loop global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void branch_in_data_loop(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int ax = x > 0 ? x : -x;
    int cnt = ax % 13 + 1;          /* 1..13 iterations */
    int acc = 0;
    for (int i = 0; i < cnt; ++i) {
        int v = x - i * 11;
        if (v > 0) {
            for (int j = 0; j < 8; ++j)
                acc = (acc * 3 + v + j) % 7919;
        } else {
            for (int j = 0; j < 5; ++j)
                acc = (acc * 5 - v) % 6007;
        }
    }
    out[gid] = acc * 16 + cnt;
}
