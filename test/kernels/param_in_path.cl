// param_in_path.cl
//
// Tests: parameters written in one path of a first data branch and read
// after it, across a second data branch: `acc += ...` and `dst += 1` in the
// taken path of branch 1 only; branch 2's paths and the final store read
// both. Only the items that took path 1 have the changed values.
//
// Expected tdrc action: REMAP both branches (two Head-or-Tail rounds); at
// the second round acc and dst are written parameters, live, and
// thread-dependent: they migrate.
//
// EXEC: kernel=param_in_path global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg in2 buf int size=N fill=mix:-100:100
// EXEC: arg dst buf int size=2*N+1 fill=zero
// EXEC: arg acc val int value=11

__kernel void param_in_path(__global const int *in, __global const int *in2,
                            __global int *dst, int acc)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int y = in2[gid];
    int r = x;
    dst += 2 * gid;
    if (x > 0) {
        for (int i = 0; i < 4; ++i)
            r = (r * 5 + i) % 1031;
        acc += r & 63;
        dst += 1;           /* this item writes the odd slot of its pair */
    }
    if (y > 0) {
        for (int i = 0; i < 6; ++i)
            r = (r * 3 + acc) % 2053;
    } else {
        r = r - acc;
    }
    dst[0] = r + acc;
}
