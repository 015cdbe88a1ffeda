// else_if_chain.cu -- CUDA counterpart of test/kernels/else_if_chain.cl
//
// A three-way `if / else if / else` chain on loaded data (x > 0, then
// x + 40 > 0).  Expected: REMAP the chain as one round over its 3 paths
// (DGI in OpenCL; the CUDA default takes the stable ballot partition, the
// forced-DGI rewrite DGI); the later condition becomes a path test.
//
// EXEC: kernel=else_if_chain global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void else_if_chain(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < 10; ++i)
            r = (r * 3 + 1) % 997;
    } else if (x + 40 > 0) {
        r = -x;
        for (int i = 0; i < 12; ++i)
            r = (r * 7 + i) % 991;
        r += 2000;
    } else {
        r = -x;
        for (int i = 0; i < 14; ++i)
            r = (r * 11 + 2) % 983;
        r = -r;
    }
    out[gid] = r;
}
