// pragma_skip_algorithm.cu -- CUDA counterpart of
// test/kernels/pragma_skip_algorithm.cl
//
// `#pragma tdr skip` on one data branch, `#pragma tdr algorithm(dgi)
// neighbors(32)` on a two-path one, `#pragma tdr algorithm(hot)` on another
// two-path one that would otherwise share a round with the branch before it.
// Expected: the first branch UNCHANGED (skipped); the second REMAP with DGI,
// N = 32; the third REMAP with Head-or-Tail in a round of its own.
//
// EXEC: kernel=pragma_skip_algorithm global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void pragma_skip_algorithm(const int *a, const int *b, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[gid], y = b[gid];
    int r = 0;
#pragma tdr skip
    if (x > 50)
        r = 1;
    #pragma tdr algorithm(dgi) neighbors(32)
    if (x > 0) {
        for (int i = 0; i < 9; ++i)
            r = (r * 5 + x) % 2003;
    } else {
        r -= x;
    }
#pragma tdr algorithm(hot)
    if (y > 0) {
        for (int i = 0; i < 6; ++i)
            r = (r * 3 + y) % 1999;
    }
    out[gid] = r;
}
