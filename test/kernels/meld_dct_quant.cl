// meld_dct_quant.cl
//
// Tests: JPEG-style quantisation of DCT coefficients over a 2-D range, one
// work-item per coefficient of a w x h plane of 8x8 blocks: the step comes
// from the quantisation table (a helper, the table index a macro) scaled
// by the quality, and the rounding depends on the sign (magnitude rounded
// half up, sign put back), as in the DCT8x8 sample's quantiser.  The
// branch on the sign splits warps wherever signs mix; its sides declare
// the same names (`mag`, `level`) with initialisers of the other sign,
// store the level at the same address, reconstruct it in a nested if/else
// (a dead zone, then a bias towards zero of the other sign), and count it
// with an unused atomic in a histogram of levels by sign.  A 2-D bounds
// guard returns early.
//
// Expected tdrc action: the meld transform melds the branch on the sign:
// `mag` and `level` declared once with `c` / `-c` selected, the nested
// if/else written once (its condition's operand selected, the else's
// expression selected whole), the two atomics (other bins) each under its
// side's guard.  `#pragma tdr transforms(meld)` keeps the branch from the
// remap transform, which the tests' forced rewrites would choose.
//
// EXEC: kernel=meld_dct_quant global=61x37 local=8x8,16x4,32x2
// EXEC: arg coef buf int size=N fill=mix:-900:900
// EXEC: arg qtab buf int size=64 fill=rand:1:99
// EXEC: arg level_out buf int size=N fill=zero
// EXEC: arg recon buf int size=N fill=zero
// EXEC: arg hist buf int size=64 fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1
// EXEC: arg quality val int value=75

#define BLOCK 8
#define QIDX(x, y) (((y) & (BLOCK - 1)) * BLOCK + ((x) & (BLOCK - 1)))
#define NBINS 32
#define DEAD_ZONE 2

int qstep(__global const int *qtab, int x, int y, int quality)
{
    const int scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
    const int q = (qtab[QIDX(x, y)] * scale + 50) / 100;
    return q < 1 ? 1 : q;
}

__kernel void meld_dct_quant(__global const int *coef, __global const int *qtab,
                             __global int *level_out, __global int *recon,
                             __global int *hist, int w, int h, int quality)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    const int at = y * w + x;
    const int c = coef[at];
    const int q = qstep(qtab, x, y, quality);
#pragma tdr transforms(meld)
    if (c > 0) {
        const int mag = c + (q >> 1);
        const int level = mag / q;
        level_out[at] = level;
        if (level < DEAD_ZONE) {
            recon[at] = 0;
        } else {
            recon[at] = level * q - (q >> 2); /* biased towards zero */
        }
        atomic_add(&hist[NBINS + (level & (NBINS - 1))], 1);
    } else {
        const int mag = -c + (q >> 1);
        const int level = -(mag / q);
        level_out[at] = level;
        if (-level < DEAD_ZONE) {
            recon[at] = 0;
        } else {
            recon[at] = level * q + (q >> 2);
        }
        atomic_add(&hist[-level & (NBINS - 1)], 1);
    }
}
