// fragment_memory_dep.cu -- CUDA counterpart of test/kernels/fragment_memory_dep.cl
//
// The second branch reads global memory that a path of the first branch (an
// else-if chain, a DGI round that later branches may join) writes in place,
// so its condition cannot be evaluated before the first branch.  Expected:
// REMAP both, in two rounds (DGI over 3 paths, then Head-or-Tail: a new
// fragment, its condition reads memory the first branch may write).
//
// EXEC: kernel=fragment_memory_dep global=1024 local=32,64,128,256
// EXEC: arg buf buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void fragment_memory_dep(int *buf, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = buf[gid];
    int r = x;
    if (x > 0) {
        for (int i = 0; i < 7; ++i)
            r = (r * 9 + 4) % 1013;
        buf[gid] = 50 - r;
    } else if (x > -50) {
        r = r * 2;
    }
    if (buf[gid] > 0) {
        for (int i = 0; i < 5; ++i)
            r = (r * 3 + 1) % 2017;
    } else {
        r = -r;
    }
    out[gid] = r;
}
