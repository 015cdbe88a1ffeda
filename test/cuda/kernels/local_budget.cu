// local_budget.cu -- CUDA counterpart of test/kernels/local_budget.cl
//
// The kernel's own __shared__ memory (31,744 bytes) leaves no room for the
// remap state within the default 32 KiB budget.  Expected: UNCHANGED; the
// round is cancelled and --explain names the budget.
//
// EXEC: kernel=local_budget global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void local_budget(const int *in, int *out)
{
    __shared__ int big[7936];
    int lid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = lid; i < 7936; i += blockDim.x)
        big[i] = i;
    __syncthreads();
    int x = in[gid];
    if (x > 0)
        out[gid] = big[(x * 31) % 7936];
    else
        out[gid] = -big[(-x * 17) % 7936];
}
