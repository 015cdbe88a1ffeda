// data_early_return.cl
//
// Tests: a DATA-dependent early return at the top level, inside a block that
// also writes a result: `if (x < -500) { out[gid] = -1; return; }`, followed
// by a data branch. Work-items that leave early never reach the later branch.
// The mix buffer range [-1000, 1000] makes the early exit happen in the
// "all <= 0" and random mixes.
//
// Expected tdrc action: the early-exit block itself is NOT a two-way remap
// candidate (one side returns). The later `if (x > 0)` branch may be REMAPPED
// only if tdrc turns the data-dependent return into the "active" predicate
// (early-exited items keep participating in barriers as inactive items);
// otherwise it must be left UNCHANGED. Either way: no deadlock, identical
// output, and out[gid] == -1 for every early-exited item.
//
// EXEC: kernel=data_early_return global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-1000:1000
// EXEC: arg out buf int size=N fill=zero

__kernel void data_early_return(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    if (x < -500) {
        out[gid] = -1;
        return;
    }
    int r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < 16; ++i)
            r = (r * 7 + 3) % 10009;
    } else {
        r = -x;
        for (int i = 0; i < 10; ++i)
            r = (r * 3 + i) % 3001;
        r = -r - 2;
    }
    out[gid] = r;
}
