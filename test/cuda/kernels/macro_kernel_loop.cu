// macro_kernel_loop.cu -- CUDA's idioms in macros (no OpenCL counterpart in
// test/kernels): the thread index from a `TID` macro, the bounds check and
// early return from `GUARD`, and the divergent branch written as a
// statement macro `RELAX` (if/else on loaded data, a loop on one side).
//
// Expected: REMAP after unfolding TID, GUARD and RELAX; the rewrite must
// compile with nvcc and give bit-identical output on the GPU.
//
// EXEC: kernel=macro_kernel_loop global=1000 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg n val int value=N

#define TID (blockIdx.x * blockDim.x + threadIdx.x)
#define GUARD(i, n) if ((i) >= (n)) return
#define RELAX(key, x)                                                      \
    if ((key) > 0) {                                                       \
        for (int r_ = 0; r_ < 64; ++r_)                                    \
            x = x * 0.999f + (float)((key) ^ r_) * 0.001f;                 \
    } else {                                                               \
        x = -x * 0.5f;                                                     \
    }

__global__ void macro_kernel_loop(const int *in, float *out, int n)
{
    int i = TID;
    GUARD(i, n);
    float x = (float)in[i];
    RELAX(in[i], x);
    out[i] = x;
}
