// uniform_arg_branch.cu -- CUDA counterpart of test/kernels/uniform_arg_branch.cl
//
// Branches on kernel arguments only.  Expected: UNCHANGED (uniform
// conditions never diverge).
//
// EXEC: kernel=uniform_arg_branch global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg mode val int value=1
// EXEC: arg scale val int value=3

__global__ void uniform_arg_branch(const int *in, int *out, int mode,
                                   int scale)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int r;
    if (mode > 0) {
        r = x;
        for (int i = 0; i < 12; ++i)
            r = (r * 3 + scale) % 1511;
    } else {
        r = -x;
        for (int i = 0; i < 12; ++i)
            r = (r * 5 - scale) % 1499;
    }
    if (scale > 2)
        r = r * scale + 1;
    out[gid] = r;
}
