// param_ptr_reassign.cl
//
// Tests: pointer parameters reassigned before the branch: a per-item swap of
// the two source planes (`a = b; b = t;` on odd work-items, an ID-only
// choice) and `dst = dst + gid * 2` (a plain assignment, not +=). The paths
// read through a and b and write through dst.
//
// Expected tdrc action: REMAP `if (sel[gid] > 0)` (Head-or-Tail); a, b and
// dst are thread-dependent written parameters and migrate with their
// logical work-item.
//
// EXEC: kernel=param_ptr_reassign global=1024 local=32,64,128,256
// EXEC: arg a buf float size=N fill=rand:-50:50
// EXEC: arg b buf float size=N fill=rand:-50:50
// EXEC: arg sel buf int size=N fill=mix:-10:10
// EXEC: arg dst buf float size=2*N fill=zero

#define LERP(x, y, t) ((x) + ((y) - (x)) * (t))

__kernel void param_ptr_reassign(__global const float *a, __global const float *b,
                                 __global const int *sel, __global float *dst)
{
    int gid = (int)get_global_id(0);
    if (gid & 1) {          /* odd items read the planes the other way round */
        __global const float *t = a;
        a = b;
        b = t;
    }
    dst = dst + gid * 2;
    if (sel[gid] > 0) {
        float s = a[gid];
        for (int i = 0; i < 5; ++i)
            s = LERP(s, b[gid], 0.25f) + 1.0f;
        dst[0] = s;
        dst[1] = b[gid];
    } else {
        dst[0] = a[gid] * 0.5f;
        dst[1] = -b[gid];
    }
}
