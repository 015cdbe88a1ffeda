// options_macro.cu -- CUDA counterpart of test/kernels/options_macro.cl
//
// A kernel whose work depends on a preprocessor macro (STEPS) and a
// function-like macro (MIX).  The OpenCL test builds with options=-DSTEPS=10;
// the CUDA harness has no options= key and TDRC-FLAGS cannot carry `-- -D`,
// so here STEPS takes its default (`tdrc ... -- -DSTEPS=10` gives the same
// rewrite).  tdrc must keep the macros unexpanded in the rewrite (the
// harness includes the original and its rewrites in one file, so the
// definitions must stay identical).  Expected: REMAP the `if (x > 0)`
// branch (Head-or-Tail).
//
// EXEC: kernel=options_macro global=1024 local=32,64,128,256 seeds=2
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

#ifndef STEPS
#define STEPS 6
#endif

#define MIX(a, b) (((a) * 5 + (b)) % 2039)

__global__ void options_macro(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < STEPS; ++i)
            r = MIX(r, i);
    } else {
        r = -x;
        for (int i = 0; i < 2 * STEPS; ++i)
            r = MIX(r, 3 * i + 1);
        r = -r;
    }
    out[gid] = r * 100 + STEPS;
}
