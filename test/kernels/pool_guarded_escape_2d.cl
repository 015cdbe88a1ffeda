// pool_guarded_escape_2d.cl
//
// Tests: a Julia-set escape-time loop over a 2-D range (partial
// work-groups) whose bounds check is a block around the whole pixel
// (`if (px < w && py < h) { ... }`): the start point comes from a loaded
// seed, a `while` loop iterates until the point escapes or the limit is
// reached (a trip count that differs per pixel), the count is written
// inside the block through an index macro.
//
// Expected tdrc action: the dwa transform gives the while loop a work
// pool; the block's condition, on both redirected global IDs, ends an item
// where it fails.
//
// EXEC: kernel=pool_guarded_escape_2d global=45x30 local=8x4,16x8,32x1
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg seeds buf float size=N fill=rand:-1:1
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1
// EXEC: arg limit val int value=200

#define PIXEL(px, py) ((py) * w + (px))

__kernel void pool_guarded_escape_2d(__global int *out, __global const float *seeds,
                                     int w, int h, int limit)
{
    const int px = get_global_id(0);
    const int py = get_global_id(1);
    if (px < w && py < h) {
        float zr = seeds[PIXEL(px, py)];
        float zi = 0.5f * zr;
        const float cr = -0.8f + 0.002f * (float)px;
        const float ci = 0.156f;
        int n = 0;
        while (n < limit && zr * zr + zi * zi <= 4.0f) {
            const float t = zr * zr - zi * zi + cr;
            zi = 2.0f * zr * zi + ci;
            zr = t;
            ++n;
        }
        out[PIXEL(px, py)] = n;
    }
}
