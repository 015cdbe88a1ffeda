// macro_if_selected.cl
//
// Tests: the branch's condition comes from a function-like macro
// (`WHEN(c) if (c)`), the kernel body is chosen by `#if`, and a
// multi-statement macro loads two values; the rewrite must unfold the
// invocations of the selected code only and keep the unselected text as
// written.
//
// Expected tdrc action: REMAP the `WHEN(...)` branch after unfolding it.
//
// EXEC: kernel=macro_if_selected global=1000 local=25,50,100,200
// EXEC: arg in buf int size=N fill=mix:-50:50
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

#ifndef PRECISE
#define PRECISE 1
#endif
#define WHEN(c) if (c)
#define LOAD2(a, b, p, i) a = (p)[i]; b = (p)[((i) + 1) % n]

__kernel void macro_if_selected(__global const int *in, __global int *out, int n)
{
    int i = get_global_id(0), a, b;
    if (i >= n)
        return;
    LOAD2(a, b, in, i);
#if PRECISE
    WHEN(a > 0) {
        for (int r = 0; r < 48; ++r)
            b = b * 31 + (a ^ r);
    } else {
        b = a - b;
    }
#else
    WHEN(a > 0) b = -b;
#endif
    out[i] = b;
}
