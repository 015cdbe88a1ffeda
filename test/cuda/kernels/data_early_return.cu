// data_early_return.cu -- CUDA counterpart of test/kernels/data_early_return.cl
//
// A data-dependent early return, then a data branch.  Expected: the return
// is not a remap target; it becomes the active predicate and `if (x > 0)` is
// REMAPPED (threads that returned take part in the remap as inactive ones).
//
// EXEC: kernel=data_early_return global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-1000:1000
// EXEC: arg out buf int size=N fill=zero

__global__ void data_early_return(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
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
