// derived_ids.cl
//
// Tests: variables that are pure functions of the work-item IDs
// (`base = gid * 4`, `lane = lid & 3`, `blk = grp * 2 + 1`) are computed
// before the data branch and used inside it and after it to index the output.
// After remapping, these must equal the values of the ORIGINAL (logical)
// work-item, either by migrating them or by recomputing them from the
// migrated IDs. Results depend on local size through lane/blk, which is fine.
//
// Expected tdrc action: REMAP the `if (x > 0)` branch; base/lane/blk either
// migrated or rematerialised from the migrated IDs.
//
// EXEC: kernel=derived_ids global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N*4 fill=zero

__kernel void derived_ids(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int lid = (int)get_local_id(0);
    int grp = (int)get_group_id(0);
    int base = gid * 4;
    int lane = lid & 3;
    int blk = grp * 2 + 1;
    int x = in[gid];
    int r;
    if (x > 0) {
        r = x + lane;
        for (int i = 0; i < 12; ++i)
            r = (r * 5 + base % 97) % 3001;
    } else {
        r = -x + blk;
        for (int i = 0; i < 16; ++i)
            r = (r * 3 + lane + i) % 2003;
        r = -r;
    }
    out[base + 0] = r;
    out[base + 1] = lane;
    out[base + 2] = blk;
    out[base + 3] = r + base;
}
