// uniform_else_return.cl
//
// Found by the random generator (test/gen/run_gen.sh; kernel g1122_2696 of a
// run with an intermediate kgen.py, reduced with reduce.py --mode mismatch,
// then by hand; kernels g1122_1817, g1122_2143, g1122_3344 of the long run in
// docs/reliability.md fail the same way).
//
// A data branch whose taken path is `return`, in the else-arm of a UNIFORM
// `if (p > 5)` (p = 2: every work-item takes the else-arm). tdrc remaps it:
// the round (with its barriers) sits in the else-arm, then
// `if (tdr_path) { return; }`, then `out[gid] = gid` for the others. That is
// valid OpenCL, and Oclgrind runs original and rewritten to identical
// buffers (no race, no barrier divergence), but on PoCL (3.1 and 5.0) the
// work-items that do NOT return skip the store as well: every element that
// should be written is 0 (384 of 768). With p = 9 (else-arm not taken), or
// with an assignment instead of the `return`, it passes. Most likely PoCL
// treats a branch after barriers in a conditional arm as uniform -- the family
// of PoCL miscompilations that docs/design.md records for `if (tdr_enabled)`
// -- but tdrc's placement is what exposes it on the CI device. See also
// uniform_if_return_2d.cl (the return in the arm that does not run).
//
// Expected: original and rewritten bit-identical (on Oclgrind in ctest).
//
// POCL-MISCOMPILES: the rewrite is valid OpenCL and matches the original on
// Oclgrind and on NVIDIA's OpenCL; PoCL 3.1 mishandles a work-item that
// returns after barriers in a uniform conditional. ctest compares it on
// Oclgrind (test/CMakeLists.txt).
//
// EXEC: kernel=uniform_else_return global=768 local=32,256 seeds=1
// EXEC: arg fin1 buf float size=N fill=mix:-8:8
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg p val int value=2

__kernel void uniform_else_return(__global const float *fin1, __global int *out, int p)
{
    int gid = (int)get_global_id(0);
    float f1 = fin1[gid];
    if (p > 5) {
        out[gid] = -1;
    } else if (f1 > 0.0f) {
        return;
    }
    out[gid] = gid;
}
