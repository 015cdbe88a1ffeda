// struct_init_moved.cl
//
// Found by the random generator (test/gen/run_gen.sh, kernel g2_11 =
// `kgen.py --seed 2 --index 11`, reduced with reduce.py --mode invalid; also
// g1122_16, g1122_40, g1122_107 of the long run in docs/reliability.md).
//
// A struct declared WITH A BRACE INITIALIZER in the active region (after an
// early return) is used after the data branch, so tdrc moves its declaration
// before the region and leaves the initialisation in place, as
// `s = {...};` -- which is not C (an initializer list is no expression), so
// the rewritten kernel does not compile ("expected expression").
// Private arrays with initializers are declined for this reason ("the
// initialised array ... would have to move out of the guarded block").
// Fixed: the assignment is a compound literal, `s = (pair_t){...};` (C99,
// which OpenCL C 1.2 keeps; Clang 19/22 accept it with -pedantic).
//
// Expected: the rewritten kernel compiles and gives bit-identical output.
//
// EXEC: kernel=struct_init_moved global=249 local=32,128 seeds=1
// EXEC: arg in0 buf int size=N fill=mix:-10:5
// EXEC: arg fin1 buf float size=N fill=rand:-64:64
// EXEC: arg outf buf float size=N fill=zero
// EXEC: arg n val int value=N

typedef struct {
    float m;
    float w;
} pair_t;

__kernel void struct_init_moved(__global const int *in0, __global const float *fin1,
                                __global float *outf, int n)
{
    int gid = (int)get_global_id(0);
    if (gid >= n)
        return;
    int x0 = in0[gid];
    pair_t s = {fin1[gid] * 2.0f, 0.625f};
    if (x0 > 0)
        s.m = s.m * 0.5f + 1.0f;
    outf[gid] = s.m * 0.5f + s.w;
}
