// fragment_in_loop.cu -- CUDA counterpart of test/kernels/fragment_in_loop.cl
//
// Two independent data-dependent branches inside a loop with a uniform trip
// count (an else-if chain of 3 paths, then an if); the data they test
// changes every iteration.  Expected: REMAP both in one DGI round per
// iteration (one fragment, 3 x 2 = 6 paths); the loop counter, acc, x and y
// migrate.
//
// EXEC: kernel=fragment_in_loop global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg iters val int value=3

__global__ void fragment_in_loop(const int *a, const int *b, int *out,
                                 int iters)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[gid], y = b[gid];
    int acc = 0;
    for (int it = 0; it < iters; ++it) {
        int p = (x + it * 37) % 101, q = (y - it * 23) % 97;
        if (p > 50)
            acc = (acc * 3 + p) % 4093;
        else if (p > 0)
            acc = acc + 2 * p;
        else
            acc = acc - p;
        if (q > 0) {
            for (int i = 0; i < 4; ++i)
                acc = (acc * 7 + q) % 8191;
        }
    }
    out[gid] = acc;
}
