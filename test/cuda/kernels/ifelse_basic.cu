// ifelse_basic.cu -- CUDA counterpart of test/kernels/ifelse_basic.cl
//
// The simplest data-dependent two-way branch: each thread loads one value
// and takes the then-path (x > 0) or the else-path.  Expected: REMAP the
// `if (x > 0)` branch (Head-or-Tail); `x` migrates, `gid` is recomputed from
// the redirected threadIdx.x.  No guard: the grid covers the data exactly.
//
// EXEC: kernel=ifelse_basic global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void ifelse_basic(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int r;
    if (x > 0) {
        unsigned int h = (unsigned int)x;
        for (int i = 0; i < 16; ++i)
            h = h * 1664525u + 1013904223u;
        r = (int)(h & 0xffffu);
    } else {
        int acc = -x;
        for (int i = 0; i < 12; ++i)
            acc = (acc * 3 + i) % 1000;
        r = -acc - 1;
    }
    out[gid] = r;
}
