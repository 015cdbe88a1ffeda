// const_and_condition.cl
//
// Found by the random generator (test/gen/run_gen.sh; kernel g1122_1610 of
// the long run in docs/reliability.md, condition `fin0[gid] > 0.0f && 37 > 0`;
// reduced with reduce.py --mode mismatch, then by hand).
//
// An if-only data branch whose condition is `x > 0 && <constant>` (think
// `if (x > 0.0f && USE_FAST_PATH)` with a macro): `f2` is assigned before the
// branch, overwritten on the taken path and read after the branch, so it is
// live at the branch and must migrate with its work-item. tdrc migrates only
// 'fx0' -- with `&& n > 0` (not a constant) it migrates 'fx0', 'f2' -- so the
// work-items that skip the branch read another work-item's `f2`.
// Probably the liveness is taken at the wrong CFG block when Clang folds the
// constant operand of `&&`.
//
// Expected: bit-identical output (tdr_exec exits 0).
//
// EXEC: kernel=const_and_condition global=1024 local=32,128 seeds=1
// EXEC: arg fin0 buf float size=N fill=mix:-8:8
// EXEC: arg tab buf float size=64 fill=rand:-4:4
// EXEC: arg outf buf float size=N fill=zero

__kernel void const_and_condition(__global const float *fin0, __global const float *tab,
                                  __global float *outf)
{
    int gid = (int)get_global_id(0);
    float fx0 = fin0[gid];
    float f2 = fx0 * 0.5f + tab[gid & 63];
    if (fx0 > 0.0f && 37 > 0) {
        f2 = 1.0f;
    }
    outf[gid] = f2 + fx0;
}
