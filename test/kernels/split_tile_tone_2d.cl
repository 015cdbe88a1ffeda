// split_tile_tone_2d.cl
//
// Tests: an image tone-mapping pass over a 2-D range (45 x 29 pixels,
// partial work-groups) whose helpers read work-item IDs, as image code
// often does: `row_of()` (no parameters) returns the global row, and
// `tile_weight()` calls it and reads the local column to pick a weight
// from a per-tile table.  A pixel marked in the mask (mix) takes a long
// filter and the weighted helper; the others are inverted.  An early return
// guards the range; the pixel index through a macro.
//
// Expected tdrc action (--transforms=-*,split): split into
// split_tile_tone_2d__p0 (marked) and __p1; and over per-path lists, with
// `row_of` and `tile_weight` cloned as `row_of__tdr_split_tile_tone_2d` and
// `tile_weight__tdr_split_tile_tone_2d`, which take the listed item's
// global row and local column (the helpers themselves unchanged).
//
// EXEC: kernel=split_tile_tone_2d global=45x29 local=16x4,8x8,32x2
// EXEC: arg img buf float size=N fill=rand:0:4
// EXEC: arg mask buf int size=N fill=mix:-3:3
// EXEC: arg table buf float size=64 fill=rand:0:2
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

#define PIX(x, y) ((y) * w + (x))
#define STEPS 24

static size_t row_of(void) { return get_global_id(1); }

/* The weight of this work-item's place in its tile: tiles of 8 columns,
   the row's parity. */
static float tile_weight(__global const float *table) {
    const size_t row = row_of();
    return table[(get_local_id(0) % 8) * 2 + (row & 1)];
}

__kernel void split_tile_tone_2d(__global const float *img,
                                 __global const int *mask,
                                 __global const float *table,
                                 __global float *out, int w, int h) {
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    float v = img[PIX(x, y)];
    if (mask[PIX(x, y)] > 0) {
        for (int k = 0; k < STEPS; ++k)
            v = v * 0.75f + 0.125f * sqrt(v + 1.0f);
        v *= tile_weight(table);
    } else {
        v = 4.0f - v;
    }
    out[PIX(x, y)] = v;
}
