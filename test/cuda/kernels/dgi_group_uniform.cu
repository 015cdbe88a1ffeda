// dgi_group_uniform.cu -- CUDA counterpart of test/kernels/dgi_group_uniform.cl
//
// A data switch whose value is the same for every thread of a 32-thread
// group (read at gid / 32): with blocks of 32 all threads agree and the DGI
// round skips its data movement at run time; larger blocks mix groups.
// Expected: REMAP, one round over 4 paths (the switch value moves as
// `tdr_key`): DGI in OpenCL; the CUDA default takes the stable ballot
// partition, the forced-DGI rewrite DGI (where the skip is a run-time
// decision).
//
// EXEC: kernel=dgi_group_uniform global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=rand:0:1000
// EXEC: arg out buf int size=N fill=zero

__global__ void dgi_group_uniform(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int k = in[gid / 32];
    int r = gid;
    switch (k & 3) {
    case 0: r = r * 3 + k; break;
    case 1: r = r ^ k; break;
    case 2: r = r - k * 5; break;
    default: r = k; break;
    }
    out[gid] = r;
}
