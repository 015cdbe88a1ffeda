// uniform_if_return_2d.cl
//
// Found by the random generator (test/gen/run_gen.sh: kernel g3_56 =
// `kgen.py --seed 3 --index 56`, a mismatch in default and
// --max-workgroup-size 64 modes; reduced with reduce.py --mode mismatch,
// then by hand).
//
// A 2-D kernel: a data branch nested in a UNIFORM `if (p > 0)` (p = 4, so
// the then-arm always runs) whose else-arm is `else if (x0 > 3) return;`.
// tdrc remaps both data branches: round 1 inside the then-arm, round 2 in the
// else-arm, before the `return` (valid OpenCL: every work-item of a group
// takes the same arm, the else-arm never runs here). Original and rewritten
// agree under Oclgrind (which also reports no race or barrier divergence on
// the rewritten kernel) and on the NVIDIA OpenCL driver of an H100, but on
// PoCL -- 3.1 (pthread, Debian 12) and 5.0 (cpu, Ubuntu 24.04) alike -- the
// rewritten kernel gives wrong results for about 1 item in 5: an item takes
// the then-path update it should not (out = lid ^ (lid + x0*y) is 1 instead
// of 0). Removing the `return` (or making it an assignment), or the 1-D form
// of the same kernel, passes. So most likely PoCL miscompiles barriers in
// both arms of a uniform if/else followed by a return -- the same family as
// the PoCL miscompilation of barriers under `if (tdr_enabled)` that
// docs/design.md records -- but tdrc's output is what exposes it, and PoCL
// is the CI device.
//
// Expected: original and rewritten bit-identical (on Oclgrind in ctest).
//
// POCL-MISCOMPILES: the rewrite is valid OpenCL and matches the original on
// Oclgrind and on NVIDIA's OpenCL; PoCL 3.1 mishandles a work-item that
// returns after barriers in a uniform conditional. ctest compares it on
// Oclgrind (test/CMakeLists.txt).
//
// EXEC: kernel=uniform_if_return_2d global=48x16 local=8x4,16x16 seeds=1
// EXEC: arg in0 buf int size=N fill=mix:-1:1
// EXEC: arg fin0 buf float size=N fill=mix:-1:8
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg p val int value=4

__kernel void uniform_if_return_2d(__global const int *in0, __global const float *fin0,
                                   __global int *out, int w, int p)
{
    int x = (int)get_global_id(0);
    int y = (int)get_global_id(1);
    int idx = y * w + x;
    int lid = (int)(get_local_id(1) * get_local_size(0) + get_local_id(0));
    uint h1 = (uint)lid;
    int x0 = in0[idx];
    if (p > 0) {
        if (fin0[idx] > 0.0f) {
            h1 += (uint)(x0 * y);
        }
    } else if (x0 > 3) {
        return;
    }
    out[idx] = lid ^ (int)(h1 & 0xffffu);
}
