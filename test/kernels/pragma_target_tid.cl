// pragma_target_tid.cl
//
// Tests: `#pragma tdr target` on a branch whose condition depends only on
// the work-item ID (gid % 3 == 0: one work-item in three takes the long
// path, so every warp diverges although no data is involved), and an
// unmarked ID-only branch after it.
//
// Expected tdrc action: REMAP the marked branch (HoT; the path is computed
// from the ID before the remap, and the ID is redirected after it); the
// unmarked ID-only branch stays UNCHANGED (not a target by default).
//
// EXEC: kernel=pragma_target_tid global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void pragma_target_tid(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
#pragma tdr target
    if (gid % 3 == 0) {
        for (int i = 0; i < 12; ++i)
            x = (x * 7 + i) % 3001;
    } else {
        x = x + 1;
    }
    if (gid % 2 == 0)
        x = -x;
    out[gid] = x;
}
