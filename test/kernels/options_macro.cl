// options_macro.cl
//
// Tests: a kernel whose work depends on a preprocessor macro supplied through
// the build options (options=-DSTEPS=10). The default keeps the file valid
// without options. The harness must pass the same options to both builds, and
// tdrc must handle macros that the host defines (e.g. by forwarding -D to
// its own Clang invocation or by rewriting the unexpanded source).
//
// Expected tdrc action: REMAP the `if (x > 0)` branch.
//
// EXEC: kernel=options_macro global=1024 local=32,64,128,256 options=-DSTEPS=10 seeds=2
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

#ifndef STEPS
#define STEPS 6
#endif

#define MIX(a, b) (((a) * 5 + (b)) % 2039)

__kernel void options_macro(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
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
