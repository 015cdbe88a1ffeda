// branch_in_data_loop.cu -- CUDA counterpart of test/kernels/branch_in_data_loop.cl
//
// A data branch inside a loop whose trip count is data-dependent (cnt from
// the loaded value), so threads reach the branch different numbers of
// times.  Expected: UNCHANGED (no block-wide __syncthreads may go inside a
// loop with a per-thread trip count); the output equals the input.
//
// EXEC: kernel=branch_in_data_loop global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void branch_in_data_loop(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int ax = x > 0 ? x : -x;
    int cnt = ax % 13 + 1;          /* 1..13 iterations */
    int acc = 0;
    for (int i = 0; i < cnt; ++i) {
        int v = x - i * 11;
        if (v > 0) {
            for (int j = 0; j < 8; ++j)
                acc = (acc * 3 + v + j) % 7919;
        } else {
            for (int j = 0; j < 5; ++j)
                acc = (acc * 5 - v) % 6007;
        }
    }
    out[gid] = acc * 16 + cnt;
}
