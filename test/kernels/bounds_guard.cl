// bounds_guard.cl
//
// Tests: the usual bounds guard `if (gid < n) { ... }` enclosing a data branch.
// The global size (1000) is not a multiple of the local sizes, so the last
// work-group has inactive work-items (gid >= n).
//
// Expected tdrc action: the guard `if (gid < n)` is ID/uniform-only and is NOT
// remapped; instead it becomes the "active" predicate. The inner
// `if (x > 0)` data branch is REMAPPED: every work-item of the group must take
// part in the regrouping (so no barrier is skipped), inactive ones are grouped
// as inactive and must not load in[] or store out[] for gid >= n.
//
// EXEC: kernel=bounds_guard global=1000 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

__kernel void bounds_guard(__global const int *in, __global int *out, int n)
{
    int gid = (int)get_global_id(0);
    if (gid < n) {
        int x = in[gid];
        int r;
        if (x > 0) {
            r = x;
            for (int i = 0; i < 18; ++i)
                r = (r * 13 + 7) % 8191;
        } else {
            uint h = (uint)(-x) * 2246822519u;
            for (int i = 0; i < 10; ++i)
                h = (h ^ (h >> 15)) * 3266489917u;
            r = -(int)(h & 0x7fffu);
        }
        out[gid] = r + gid % 7;
    }
}
