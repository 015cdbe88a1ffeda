// if_only.cu -- CUDA counterpart of test/kernels/if_only.cl
//
// A branch without else: taken vs. fall-through.  Expected: REMAP (x and r
// live into the branch and migrate).
//
// EXEC: kernel=if_only global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-50:50
// EXEC: arg out buf int size=N fill=zero

__global__ void if_only(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int r = x * 2 + 7;
    if (x > 0) {
        for (int i = 0; i < 20; ++i)
            r = (r * 7 + i) % 10007;
    }
    out[gid] = r;
}
