// macro_stencil_guard.cl
//
// Tests: real code's macros around a 2-D data branch (in the style of image
// filters): the IDs come from object-like macros, the bounds check and early
// return from a statement macro, the index from a helper macro, and the
// expensive path from a loop macro.  tdrc must unfold GX, GY and
// GUARD_2D (it edits their expansions: redirected IDs, the return made the
// active predicate) and leave IDX2 and SMOOTH as written.
//
// Expected tdrc action: REMAP `if (v > 0)` after unfolding the macros.
//
// EXEC: kernel=macro_stencil_guard global=60x30 local=8x4,16x8,16x16
// EXEC: arg in buf float size=N fill=mix:-8:8
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

#define GX ((int)get_global_id(0))
#define GY ((int)get_global_id(1))
#define IDX2(x, y) ((y) * w + (x))
#define GUARD_2D(x, y) if ((x) >= w || (y) >= h) return
#define SMOOTH(acc, v, n)                                                    \
    for (int k_ = 0; k_ < (n); ++k_)                                         \
        acc = acc * 0.75f + (v) * 0.25f + (float)k_ * 0.001f

__kernel void macro_stencil_guard(__global const float *in, __global float *out,
                                  int w, int h)
{
    const int x = GX, y = GY;
    GUARD_2D(x, y);
    float v = in[IDX2(x, y)];
    float acc = 0.0f;
    if (v > 0) {
        SMOOTH(acc, v, 64);
    } else {
        acc = -v;
    }
    out[IDX2(x, y)] = acc;
}
