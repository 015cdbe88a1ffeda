// ids_after_branch.cu -- CUDA counterpart of test/kernels/ids_after_branch.cl
//
// Thread and block indices read again AFTER the data branch: the global
// index, threadIdx.x and blockIdx.x index the outputs and a __shared__
// exchange array (top-level __syncthreads, then a neighbour's slot is read;
// results depend on the block size).  Expected: REMAP the `if (x > 0)`
// branch (Head-or-Tail); every index used after it is the logical one.
//
// EXEC: kernel=ids_after_branch global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg out2 buf int size=N fill=zero

__global__ void ids_after_branch(const int *in, int *out, int *out2)
{
    __shared__ int xch[256];
    int x = in[blockIdx.x * blockDim.x + threadIdx.x];
    int r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < 14; ++i)
            r = (r * 11 + 5) % 2011;
    } else {
        r = -x;
        for (int i = 0; i < 9; ++i)
            r = (r * 3 + i) % 1013;
        r = -r - 1;
    }
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x;
    int grp = blockIdx.x;
    int lsz = blockDim.x;
    out[g] = r * 4 + (grp & 3);
    xch[l] = r;
    __syncthreads();
    out2[g] = xch[(l + 1) % lsz] * 1000 + l;
}
