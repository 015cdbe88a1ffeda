// launch_bounds.cu -- __launch_bounds__ (no OpenCL counterpart; cf.
// reqd_work_group_size)
//
// __launch_bounds__(128) bounds the block size, so tdrc sizes its state for
// 128 threads rather than --max-workgroup-size.  1000 threads: the last
// block is partly inactive.  Expected: REMAP, state for blocks of up to 128.
//
// EXEC: kernel=launch_bounds global=1000 local=32,64,128
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

__global__ void __launch_bounds__(128, 4)
launch_bounds(const int *in, int *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        int x = in[gid];
        int r;
        if (x > 0) {
            r = x;
            for (int i = 0; i < 11; ++i)
                r = (r * 9 + 5) % 6007;
        } else {
            r = -x;
            for (int i = 0; i < 17; ++i)
                r = (r * 5 + i) % 2011;
            r = -r;
        }
        out[gid] = r * 2 + (int)threadIdx.x;
    }
}
