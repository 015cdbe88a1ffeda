// private_pointer_cond.cl
//
// Tests: a Monte Carlo accept/reject step whose outer condition reads the
// work-item's own state through a pointer (`rng(&state)`, a helper taking
// `&v`), with a data-dependent branch nested inside it.
//
// Expected tdrc action: the outer condition is divergent (each work-item's
// private state), so the nested branch's round, if any, covers the outer
// branch's paths too (a path vector), never barriers inside the outer
// branch.  Before, the condition was called uniform and the round's
// barriers were reached by some work-items only (43 of 64 outputs differed
// on PoCL; Oclgrind: work-group divergence at a barrier).
//
// EXEC: kernel=private_pointer_cond global=256 local=16,64
// EXEC: arg a buf int size=N fill=mix:-9:9
// EXEC: arg o buf int size=N fill=zero
// EXEC: arg seed val int value=12345

static uint rng(uint *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static int peek(const int *p) { return *p; }

__kernel void private_pointer_cond(__global const int *a, __global int *o,
                                   int seed)
{
    int i = get_global_id(0);
    uint state = (uint)(seed ^ (i * 747796405));
    int v = a[i], r = -1;
    if (peek(&v) > 3) {
        if ((v & 1) != 0) {
            r = 0;
            for (int k = 0; k < v * 4; k++) r += k * 3;
        } else {
            r = v * 5;
        }
    }
    if (rng(&state) & 1u) {
        if (a[(i * 7) % get_global_size(0)] > 0) {
            for (int k = 0; k < 24; k++) r ^= (r << 1) + k;
        } else {
            r += 11;
        }
    }
    o[i] = r;
}
