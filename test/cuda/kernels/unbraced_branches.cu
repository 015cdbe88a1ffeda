// unbraced_branches.cu -- CUDA counterpart of test/kernels/unbraced_branches.cl
//
// Divergent branches that are the lone, unbraced body of a uniform if and
// of a uniform for loop.  The remap code tdrc puts before such a branch must
// stay under the same condition / inside the same loop, so tdrc adds braces
// around it.  Expected: REMAP both data-dependent branches (round 1 under
// `if (mode > 0)`, round 2 inside the loop, once per iteration).
//
// EXEC: kernel=unbraced_branches global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N+2 fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg mode val int value=1

__global__ void unbraced_branches(const int *in, int *out, int mode)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[i];
    if (mode > 0)
        if (x > 0) out[i] = x * 7 + 1; else out[i] = -x * 3;
    for (int t = 0; t < 2; ++t)
        if (in[i + t] > 0) out[i] += 1 + t; else out[i] ^= 5;
}
