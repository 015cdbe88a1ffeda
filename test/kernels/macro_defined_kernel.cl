// macro_defined_kernel.cl
//
// Tests: kernels written by a function-like macro at file scope, as
// image-processing and crypto code stamps out one kernel per operator
// (DEFINE_BLEND(name, op)).  The divergent branch, the ID query and the
// whole definition come from the macro's body.
//
// Expected tdrc action: the invocation that defines `blend_screen` is
// unfolded into its expansion (one statement per line, a comment naming
// the invocation) and remapped; `blend_copy`, whose branch is uniform, is
// left as its invocation; the macro's definition stays byte for byte.
//
// EXEC: kernel=blend_screen global=512 local=32,64,128
// EXEC: arg mode buf int size=N fill=mix:-8:8
// EXEC: arg a buf float size=N fill=rand:0:1
// EXEC: arg b buf float size=N fill=rand:0:1
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg n val int value=N+-7

#define GID() ((int)get_global_id(0))
#define SCREEN(x, y) (1.0f - (1.0f - (x)) * (1.0f - (y)))
#define COPY(x, y) (x)

#define DEFINE_BLEND(NAME, OP, SELECT)                                   \
__kernel void NAME(__global const int *mode, __global const float *a,    \
                   __global const float *b, __global float *out, int n)  \
{                                                                        \
    int i = GID();                                                       \
    if (i >= n)                                                          \
        return;                                                          \
    float x = a[i], y = b[i], acc = 0.0f;                                \
    if (SELECT) {                                                        \
        for (int k = 0; k < 48; ++k)                                     \
            acc = OP(acc * 0.5f + x, y) - 0.25f * acc;                   \
    } else {                                                             \
        for (int k = 0; k < 48; ++k)                                     \
            acc = native_sqrt(acc * acc + x * y + (float)k);             \
    }                                                                    \
    out[i] = acc;                                                        \
}

DEFINE_BLEND(blend_screen, SCREEN, mode[i] & 1)
DEFINE_BLEND(blend_copy, COPY, n > 4)
