// ids_after_branch.cl
//
// Tests: work-item ID queries AFTER the data branch. After the branch the
// kernel calls get_global_id(0), get_local_id(0) and get_group_id(0) again,
// uses them to index the output, and stores into a local-ID-indexed __local
// array, synchronises, and reads a neighbour's slot. If remapping leaves a
// work-item holding another item's data, every ID used after the branch must
// be the MIGRATED (logical) ID, otherwise results land in the wrong place.
// Results depend on the local size (neighbour exchange), which is fine.
//
// Expected tdrc action: REMAP the `if (x > 0)` branch; rewrite the ID queries
// after it (or restore the original mapping before them) so that out[], out2[]
// and xch[] are indexed by the logical IDs. The barrier after the branch is at
// top level and is reached by all items.
//
// EXEC: kernel=ids_after_branch global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg out2 buf int size=N fill=zero

__kernel void ids_after_branch(__global const int *in, __global int *out,
                               __global int *out2)
{
    __local int xch[256];
    int x = in[get_global_id(0)];
    int r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < 14; ++i)
            r = (r * 11 + 5) % 2011;
    } else {
        r = -x;
        for (int i = 0; i < 9; ++i)
            r = (r * 3 + i) % 1013;
        r = -r - 1;
    }
    int g = (int)get_global_id(0);
    int l = (int)get_local_id(0);
    int grp = (int)get_group_id(0);
    int lsz = (int)get_local_size(0);
    out[g] = r * 4 + (grp & 3);
    xch[l] = r;
    barrier(CLK_LOCAL_MEM_FENCE);
    out2[g] = xch[(l + 1) % lsz] * 1000 + l;
}
