// OpenCL twin of kernels/LUD.hand.cu, launched the same way by meld_cl.cpp.
// LUD, melded by hand (see LUD.cu): one loop nest per phase, its tile,
// addresses and operands selected by row or column work; what only one
// side does stays under a condition.
#pragma OPENCL FP_CONTRACT OFF

#ifndef LUD_BS
#define LUD_BS 16
#endif
#define AT(r, c) m[(r) * dim + (c)]

__kernel void lud_init(__global float *m, __global const float *x, int dim) // diagonally dominant
{
    const int c = get_group_id(0) * get_local_size(0) + get_local_id(0), r = get_group_id(1);
    if (c < dim)
        AT(r, c) = x[r * dim + c] + (r == c ? (float)dim : 0.0f);
}

__kernel void lud_perimeter(__global float *m, int dim, int offset)
{
    __local float dia[LUD_BS][LUD_BS];
    __local float peri_row[LUD_BS][LUD_BS];
    __local float peri_col[LUD_BS][LUD_BS];
    const int tx = get_local_id(0);
    const int blk = offset + (get_group_id(0) + 1) * LUD_BS;
    const bool row = tx < LUD_BS;
    const int idx = row ? tx : tx - LUD_BS;
    __local float(*peri)[LUD_BS] = row ? peri_row : peri_col;
    for (int i = 0; i < LUD_BS / 2; ++i) {
        const int r = row ? i : i + LUD_BS / 2;
        dia[r][idx] = AT(offset + r, offset + idx);
    }
    for (int i = 0; i < LUD_BS; ++i)
        peri[i][idx] = row ? AT(offset + i, blk + idx) : AT(blk + i, offset + idx);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < LUD_BS; ++i) { // i = 0 does nothing for a column
        __local float *t = row ? &peri_row[i][idx] : &peri_col[idx][i];
        for (int j = 0; j < i; ++j) {
            const float p = row ? dia[i][j] : peri_col[idx][j];
            const float q = row ? peri_row[j][idx] : dia[j][i];
            *t -= p * q;
        }
        if (!row)
            *t /= dia[i][i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = row ? 1 : 0; i < LUD_BS; ++i) {
        const int g = row ? (offset + i) * dim + blk + idx : (blk + i) * dim + offset + idx;
        m[g] = peri[i][idx];
    }
}
