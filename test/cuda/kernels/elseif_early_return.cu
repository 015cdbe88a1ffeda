// elseif_early_return.cu -- CUDA counterpart of test/kernels/elseif_early_return.cl
//
// An else-if chain without a final else (3 paths: first, second, none)
// after an early return; 1000 threads, so the last block is partly idle.
// Expected: the early return becomes the active predicate; REMAP the chain
// in one round over 3 paths (DGI in OpenCL; the CUDA default takes the
// stable ballot partition, the forced-DGI rewrite DGI); x and r migrate.
//
// EXEC: kernel=elseif_early_return global=1000 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-1000:1000
// EXEC: arg out buf int size=N fill=seq
// EXEC: arg n val int value=N

__global__ void elseif_early_return(const int *in, int *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n)
        return;
    int x = in[gid];
    int r = out[gid];
    if (x > 500)
        r += x / 3;
    else if (x > 0)
        r -= x % 7;
    out[gid] = r * 2 + x;
}
