// unify_guard_block_2d.cl
//
// Tests: an image kernel in the style that keeps its bounds check as a
// block around the whole body (`if (x < width && y < height) { ... }`,
// common in image and stencil code): inside it, a pixel whose gradient
// (from a mix buffer) marks an edge runs a refinement loop over its row
// neighbourhood, the others a short blend; the result is written after the
// branch, still inside the block.
//
// Expected tdrc action (--transforms=-*,bpu): branch path unification of
// the branch inside the block; the block's condition becomes
// `if (!(x < width && y < height)) break;` at the end of the prefix (the end
// of the item).  Default: remap (Head-or-Tail, the guard block as an active
// region).
//
// EXEC: kernel=unify_guard_block_2d global=75x14 local=16x4,8x8,32x2
// EXEC: arg grad buf int size=N fill=mix:-90:90
// EXEC: arg src buf int size=N fill=rand:0:255
// EXEC: arg dst buf int size=N fill=zero
// EXEC: arg width val int value=G0
// EXEC: arg height val int value=G1

#define REFINE_TAPS 20
#define PIX(img, px, py) (img)[(py) * width + min(max((px), 0), width - 1)]

__kernel void unify_guard_block_2d(__global const int *grad, __global const int *src,
                                   __global int *dst, int width, int height)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x < width && y < height) {
        const int g = grad[y * width + x];
        int acc = PIX(src, x, y);
        if (g > 0) {
            for (int t = 1; t <= REFINE_TAPS; ++t)
                acc = (acc * 3 + PIX(src, x + t - REFINE_TAPS / 2, y)) % 8191;
        } else {
            acc = (acc + PIX(src, x + 1, y)) / 2;
        }
        dst[y * width + x] = acc;
    }
}
