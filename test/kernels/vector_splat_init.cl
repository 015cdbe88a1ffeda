// vector_splat_init.cl
//
// Tests: float4 state initialised with OpenCL's vector splat literal
// `(float4)(0.5f)`, as image and physics kernels do, inside a bounds-check
// block, then a data-dependent branch with two long vector paths; one
// unbraced statement ends in a splat too.
//
// Expected tdrc action (--force): the branch is remapped; the declaration
// moves up and its initialiser becomes `acc = (float4)(0.5f);`.  Clang's
// AST ends the splat at the literal (its parentheses dropped); the copy
// must keep the closing one.  Before, the rewrite read `acc = (float4)(0.5f;`
// and did not build.
//
// EXEC: kernel=vector_splat_init global=300 local=32,64
// EXEC: arg sel buf int size=N fill=mix:-9:9
// EXEC: arg out buf float size=4*N fill=zero
// EXEC: arg n val int value=N+-7

__kernel void vector_splat_init(__global const int *sel, __global float *out, int n)
{
    int i = get_global_id(0);
    if (i < n) {
        float4 acc = (float4)(0.5f);
        if (sel[i] > 0) {
            for (int k = 0; k < 32; ++k)
                acc = acc * 0.5f + (float4)((float)k);
        } else {
            for (int k = 0; k < 32; ++k)
                acc = acc.wzyx - (float4)(1.0f);
        }
        vstore4(acc, i, out);
    }
}
