// macro_step_switch.cl
//
// Tests: a classification step written as a `do { ... } while (0)` statement
// macro holding a switch on loaded data (each case a different amount of
// work), used as `CLASSIFY(...);`; the global ID is read through a
// function-like macro.  Unfolded, the wrapper becomes a plain block and the
// switch is remapped (or DGI-partitioned) like one written in the kernel.
//
// Expected tdrc action: REMAP the switch after unfolding CLASSIFY.
//
// EXEC: kernel=macro_step_switch global=2048 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-3:4
// EXEC: arg out buf float size=N fill=zero

#define GLOBAL_ID(d) get_global_id(d)
#define SPIN(x, n)                                                           \
    do {                                                                     \
        for (int s_ = 0; s_ < (n); ++s_)                                     \
            x = x * 1.0002f + 0.125f;                                        \
    } while (0)
#define CLASSIFY(key, x)                                                     \
    do {                                                                     \
        switch ((key) & 3) {                                                 \
        case 0: SPIN(x, 40); break;                                          \
        case 1: SPIN(x, 80); x = -x; break;                                  \
        case 2: x = x + 1.0f; break;                                         \
        default: SPIN(x, 120); break;                                        \
        }                                                                    \
    } while (0)

__kernel void macro_step_switch(__global const int *in, __global float *out)
{
    size_t i = GLOBAL_ID(0);
    float x = (float)in[i] * 0.5f;
    CLASSIFY(in[i] + 3, x);
    out[i] = x;
}
