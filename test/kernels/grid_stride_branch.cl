// grid_stride_branch.cl
//
// Tests: a grid-stride loop, as CUDA-style code launches fewer work-items
// than elements: `for (i = get_global_id(0); i < total; i += get_global_size(0))`,
// whose trip count differs between work-items (the last ones run one
// iteration less) although its header names no loaded value; inside it, a
// data-dependent branch with two long paths (integer and float).
//
// Expected tdrc action: the branch is not remapped in this loop ("inside a
// loop whose trip count varies by work-item"): a remap round's barriers
// inside it would be reached by only some work-items.  Before, the header
// was taken as the same for every work-item (the loop's own counter, and
// the ID query not looked at) and the rewrite computed wrong results.  Now
// tdrc rewrites the loop over a base its work-group shares, with the bounds
// guard `if (i < total)` in its body (lib/Rewriter/GridStride.cpp), and
// remaps the branch there, the guard as the active predicate.
//
// EXEC: kernel=grid_stride_branch global=64 local=16,32,64
// EXEC: arg in buf int size=4*N fill=mix:-50:50
// EXEC: arg f buf float size=4*N fill=rand:-3:3
// EXEC: arg out buf int size=4*N fill=zero
// EXEC: arg total val int value=4*N+-5

#define STEPS 40
#define STRIDE get_global_size(0)

__kernel void grid_stride_branch(__global const int *in, __global const float *f,
                                 __global int *out, int total)
{
    for (int i = get_global_id(0); i < total; i += STRIDE) {
        int v = in[i];
        if (v > 0) {
            for (int k = 0; k < STEPS; ++k)
                v = (v * 3 + k) % 977;
        } else {
            float s = f[i];
            for (int k = 0; k < STEPS; ++k)
                s = s * 0.5f + sqrt(fabs(s) + (float)k);
            v = (int)s;
        }
        out[i] = v;
    }
}
