// local_mem_before.cl
//
// Tests: the kernel already uses __local memory and a barrier BEFORE the data
// branch. Each work-item stores its input into a local tile, synchronises,
// then reads its right neighbour's value (within the work-group) and branches
// on it. Inside the branch it also reads its own tile slot via its local ID.
// Results depend on the work-group size (neighbour wrap-around), which is fine.
//
// Expected tdrc action: REMAP the `if (nb > 0)` branch. tdrc's own remapping
// scratch must not alias the user's `tile` array. Inside the remapped paths
// `lid` must be the ORIGINAL item's local ID (migrated), so tile[lid] reads
// the right slot. The existing barrier stays where it is.
//
// EXEC: kernel=local_mem_before global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void local_mem_before(__global const int *in, __global int *out)
{
    __local int tile[256];
    int gid = (int)get_global_id(0);
    int lid = (int)get_local_id(0);
    int lsz = (int)get_local_size(0);

    tile[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    int nb = tile[(lid + 1) % lsz];
    int r;
    if (nb > 0) {
        r = nb;
        for (int i = 0; i < 12; ++i)
            r = (r * 5 + tile[lid] + 200) % 3203;
    } else {
        r = tile[lid] - nb;
        for (int i = 0; i < 9; ++i)
            r = (r * 11 + i + 300) % 1999;
        r = -r;
    }
    out[gid] = r;
}
