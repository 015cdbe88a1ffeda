// tid_only_branch.cu -- CUDA counterpart of test/kernels/tid_only_branch.cl
//
// Branches on threadIdx.x and on the global index only.  Expected:
// UNCHANGED (thread-ID-only conditions are not remapped); the output file
// equals the input.
//
// EXEC: kernel=tid_only_branch global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void tid_only_branch(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lid = threadIdx.x;
    int x = in[gid];
    int r;
    if (lid % 2 == 0) {
        r = x;
        for (int i = 0; i < 10; ++i)
            r = (r * 3 + i) % 811;
    } else {
        r = x;
        for (int i = 0; i < 10; ++i)
            r = (r * 7 - i) % 809;
    }
    if (gid < 16)
        r += 100000;
    out[gid] = r;
}
