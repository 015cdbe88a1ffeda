// unify_tile_helpers_2d.cl
//
// Tests: a block-based image filter over a 2-D range whose helpers read the
// work-item's identity, as encoder and tiling code does: tile_origin()
// reads the group ID and local size (the tile a pixel belongs to),
// tap_offset() reads the local ID and calls tile_origin().  Each pixel's
// activity (a value derived from a mix buffer) decides between a long
// smoothing walk over its tile's row and a short copy; both call the
// helpers, and so does the condition's input.
//
// Expected tdrc action (--transforms=-*,bpu): branch path unification;
// tile_origin and tap_offset cloned before the kernel as
// *__tdr_unify_tile_helpers_2d, taking the item's group ID (dimension 0)
// and the work-item's local ID, which is the same for every item.
//
// EXEC: kernel=unify_tile_helpers_2d global=80x12 local=16x4,8x2,20x3
// EXEC: arg img buf int size=N fill=mix:-60:60
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

#define TAPS 24
#define CLAMP_X(x) min(max((x), 0), w - 1)

/* First column of the tile this work-group covers. */
int tile_origin(void)
{
    return (int)(get_group_id(0) * get_local_size(0));
}

/* A per-lane offset inside the tile, so lanes start their walks apart. */
int tap_offset(int k)
{
    return tile_origin() % 7 + (int)(get_local_id(0) + (size_t)k) % 5;
}

__kernel void unify_tile_helpers_2d(__global const int *img, __global int *out,
                                    int w, int h)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    const int activity = img[y * w + x] + tap_offset(0) % 3;
    int acc = 0;
    if (activity > 0) {
        for (int k = 0; k < TAPS; ++k) {
            int sx = CLAMP_X(tile_origin() + (x + tap_offset(k)) % w);
            acc = (acc * 5 + img[y * w + sx]) % 32749;
        }
    } else {
        acc = img[y * w + CLAMP_X(x + tap_offset(1))] * 2;
    }
    out[y * w + x] = acc + tile_origin() % 11;
}
