// branch_in_uniform_loop.cu -- CUDA counterpart of test/kernels/branch_in_uniform_loop.cl
//
// A data branch inside a loop with a uniform, fixed trip count (k < 4 over
// four input rows in[k*n + gid]); acc is carried around the loop.
// Expected: REMAP, one Head-or-Tail round per iteration; acc and v migrate
// each time, gid is recomputed from the new index.
//
// EXEC: kernel=branch_in_uniform_loop global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N*4 fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

__global__ void branch_in_uniform_loop(const int *in, int *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int acc = gid % 5;
    for (int k = 0; k < 4; ++k) {
        int v = in[k * n + gid];
        if (v > 0) {
            for (int i = 0; i < 10; ++i)
                acc = (acc * 3 + v + k) % 5003;
        } else {
            for (int i = 0; i < 6; ++i)
                acc = (acc * 7 - v + i) % 4999;
            acc = acc - 100;
        }
    }
    out[gid] = acc;
}
