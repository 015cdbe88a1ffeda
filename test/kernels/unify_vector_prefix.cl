// unify_vector_prefix.cl
//
// Tests: a 2-D kernel whose prefix (the statements before the branch)
// writes a vector component of a private int2 (`p.y = ...`) and steps row
// and destination pointers; a 3-path chain, one path writing and returning.
// Found by test/gen/kgen_unify.py: the bpu transform took `p.y = ...` for a
// write to memory and declined.
//
// Expected tdrc action (--transforms=-*,bpu): branch path unification, 3 paths.
//
// EXEC: kernel=unify_vector_prefix global=70x9 local=8x4,16x8
// EXEC: arg in buf int size=N fill=rand:-500:500
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1
__kernel void unify_vector_prefix(__global const int *in, __global int *out, int w, int h)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    __global const int *row = in + y * w;
    __global int *dst = out + y * w + x;
    int2 p = (int2)(row[x] % 1000, 0);
    p.y = p.x * 3 % 101;
    int r = p.y;
    if (p.x > 0) {
        r = (r * 7 + p.x) % 997;
    } else if (p.x % 3 == -1) {
        *dst = 5;
        return;
    }
    dst[0] = r + x;
}
