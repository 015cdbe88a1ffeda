// atomics.cu -- atomics in the paths of a data branch (no OpenCL
// counterpart in test/kernels)
//
// Each path adds to a histogram with atomicAdd (order-independent, so the
// result is deterministic); the return values are not used.  Expected:
// REMAP; the histogram is the same in both versions.
//
// EXEC: kernel=atomics global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg hist buf int size=32 fill=zero
// EXEC: arg out buf int size=N fill=zero

__global__ void atomics(const int *in, int *hist, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < 8; ++i)
            r = (r * 5 + 3) % 1021;
        atomicAdd(&hist[r & 15], 1);
    } else {
        r = -x;
        for (int i = 0; i < 5; ++i)
            r = (r * 7 + i) % 509;
        atomicAdd(&hist[16 + (r & 15)], 2);
    }
    out[gid] = r;
}
