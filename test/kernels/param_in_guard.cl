// param_in_guard.cl
//
// Tests: parameters written inside a bounds guard, before the data branch:
// the pointer `src += gid % 3` and the scalar `limit -= gid & 7` (thread-
// dependent), and `passes += 1` (a uniform value, but written by the active
// work-items only). Global 1000: the last group has inactive work-items,
// which never write them.
//
// Expected tdrc action: the guard becomes the active predicate; REMAP
// `if (x > 0)` (Head-or-Tail). src, limit and passes migrate with their
// logical work-item (passes because a guard's inactive items keep the old
// value).
//
// EXEC: kernel=param_in_guard global=1000 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg src buf int size=N+2 fill=rand:-1000:1000
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N
// EXEC: arg limit val int value=500
// EXEC: arg passes val int value=3

__kernel void param_in_guard(__global const int *in, __global const int *src,
                             __global int *out, int n, int limit, int passes)
{
    int gid = (int)get_global_id(0);
    if (gid < n) {
        src += gid % 3;
        limit -= gid & 7;
        passes += 1;
        int x = in[gid];
        int r = 0;
        if (x > 0) {
            for (int i = 0; i < passes; ++i)
                r = clamp(r + src[gid] * (i + 1), -limit, limit);
        } else {
            r = clamp(src[gid] - x, -limit, limit) * passes;
        }
        out[gid] = r;
    }
}
