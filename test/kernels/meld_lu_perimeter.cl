// meld_lu_perimeter.cl
//
// Tests: the perimeter step of a blocked LU decomposition (after Rodinia's
// lud_perimeter): once the diagonal block is factored, each perimeter block
// of the block row is solved against its unit lower triangle (forward
// substitution down a column) and each block of the block column against
// its upper triangle (along a row, divided by the pivots).  A work-group
// row of 2 x BS work-items serves one pair of perimeter blocks: the first
// BS take the row block's columns, the other BS the column block's rows,
// so the branch on the local index splits every warp.  Its two sides are
// the same loop nest (other first row, the operands of the update
// exchanged, other arrays and indices through a macro), one side divides
// by the pivot.  2-D range: dimension 1 is the block.  The updates
// `s -= a * b` keep FP_CONTRACT's default (on): a select may feed the
// multiply, never separate it from the subtraction.
//
// Expected tdrc action: the meld transform melds the branch on the index
// (thread-ID divergence): `idx` declared once, the loops written once (the
// first row selected), the arrays and the index expressions (macro calls,
// selected whole), the operands of the multiply and the division selected;
// the remap transform leaves the ID-only branch alone.
//
// EXEC: kernel=meld_lu_perimeter global=16x50 local=16x1,16x2,16x4
// EXEC: arg dia buf float size=64 fill=rand:1:4
// EXEC: arg prow buf float size=64*G1 fill=rand:-8:8
// EXEC: arg pcol buf float size=64*G1 fill=rand:-8:8
// EXEC: arg nb val int value=G1

#define BS 8
#define AT(blk, r, c) ((blk) * BS * BS + (r) * BS + (c))

__kernel void meld_lu_perimeter(__global const float *dia, __global float *prow,
                                __global float *pcol, int nb)
{
    const int tx = get_local_id(0);
    const int p = get_global_id(1);
    if (p >= nb)
        return;
    if (tx < BS) { /* row block: L x = a, unit diagonal; column tx */
        const int idx = tx;
        for (int i = 1; i < BS; ++i) {
            float s = prow[AT(p, i, idx)];
            for (int j = 0; j < i; ++j)
                s -= dia[i * BS + j] * prow[AT(p, j, idx)];
            prow[AT(p, i, idx)] = s;
        }
    } else { /* column block: x U = a; row tx - BS */
        const int idx = tx - BS;
        for (int i = 0; i < BS; ++i) {
            float s = pcol[AT(p, idx, i)];
            for (int j = 0; j < i; ++j)
                s -= pcol[AT(p, idx, j)] * dia[j * BS + i];
            pcol[AT(p, idx, i)] = s / dia[i * BS + i];
        }
    }
}
