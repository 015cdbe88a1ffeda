// hot_prefix_inactive.cl
//
// Tests: a Head-or-Tail round whose inactive work-items are a PREFIX of the
// group, not a suffix: `if (get_local_id(0) >= 8) { ...data branch... }`
// (the first 8 items of every group sit out, e.g. a group's halo or header
// lanes). The guard also changes a parameter (`bias += 1`, a uniform value
// that only the active items write). Locals 24, 32, 48, 64 and 100.
//
// Expected tdrc action: the ID-only guard becomes the active predicate;
// REMAP `if (x > 0)` (Head-or-Tail); the inactive items take the last slots,
// so active logical items land on physical items that were inactive: bias
// and every other live value must migrate.
//
// EXEC: kernel=hot_prefix_inactive global=1200 local=24,32,48,64,100
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=rand:-5:5
// EXEC: arg bias val int value=10

#define HALO 8

__kernel void hot_prefix_inactive(__global const int *in, __global int *out, int bias)
{
    int gid = (int)get_global_id(0);
    if (get_local_id(0) >= HALO) {
        bias += 1;
        int x = in[gid];
        int r = gid % 97;
        if (x > 0) {
            for (int i = 0; i < 8; ++i)
                r = (r * 3 + x + bias) % 2039;
        } else {
            r = r * bias - x;
        }
        out[gid] = r;
    }
}
