// ndrange_2d.cu -- CUDA counterpart of test/kernels/ndrange_2d.cl
//
// A 2-D grid of 2-D blocks; global and thread coordinates are used after
// the branch (results depend on the block shape; both versions run with the
// same one).  Expected: REMAP; threadIdx.x/.y are redirected from the
// flattened logical thread index and x, y recomputed from them.
//
// EXEC: kernel=ndrange_2d global=64x32 local=8x4,16x8,16x16
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void ndrange_2d(const int *in, int *out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int w = gridDim.x * blockDim.x;
    int lx = threadIdx.x;
    int ly = threadIdx.y;
    int v = in[y * w + x];
    int r;
    if (v > 0) {
        r = v + x;
        for (int i = 0; i < 12; ++i)
            r = (r * 3 + y) % 4001;
    } else {
        r = -v + y;
        for (int i = 0; i < 20; ++i)
            r = (r * 7 + x + i) % 997;
        r = -r;
    }
    out[y * w + x] = r * 1000 + lx * 32 + ly;
}
