// pragma_target_tid.cu -- CUDA counterpart of test/kernels/pragma_target_tid.cl
//
// `#pragma tdr target` on a branch whose condition depends only on the
// thread index (gid % 3 == 0: one thread in three takes the long path, so
// every warp diverges although no data is involved), and an unmarked
// index-only branch after it.  Expected: REMAP the marked branch (HoT; the
// path is computed from the index before the remap, and the index is
// redirected after it); the unmarked index-only branch stays UNCHANGED.
//
// EXEC: kernel=pragma_target_tid global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void pragma_target_tid(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
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
