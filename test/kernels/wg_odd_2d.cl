// wg_odd_2d.cl
//
// Tests: a 2-D stencil-like kernel with an else-if chain on image data,
// launched with 2-D work-groups whose flattened sizes are not multiples of
// 16 or 32: 12x10 (120), 6x4 (24), 20x5 (100) and 10x20 (200). Global
// 60x40 with a guard on w/h = 57x37, so edge groups are partly inactive in
// both dimensions.
//
// Expected tdrc action: the 2-D guard becomes the active predicate; REMAP
// the chain with Data Group Indexing over 3 paths on the flattened group;
// x and y are recomputed from the new ID. LS-dep (r starts from the lid).
//
// EXEC: kernel=wg_odd_2d global=60x40 local=12x10,6x4,20x5,10x20
// EXEC: arg img buf float size=N fill=mix:-9:9
// EXEC: arg res buf float size=N fill=zero
// EXEC: arg w val int value=57
// EXEC: arg h val int value=37

#define AT(px, py) img[(py) * get_global_size(0) + (px)]

__kernel void wg_odd_2d(__global const float *img, __global float *res, int w, int h)
{
    int x = (int)get_global_id(0);
    int y = (int)get_global_id(1);
    int lid = (int)(get_local_id(1) * get_local_size(0) + get_local_id(0));
    if (x < w && y < h) {
        float v = AT(x, y);
        float r = (float)lid;
        if (v > 4.0f) {
            for (int i = 0; i < 6; ++i)
                r = r * 0.5f + AT((x + i) % w, y);
        } else if (v > 0.0f) {
            r = r + v * 2.0f;
        } else {
            for (int i = 0; i < 4; ++i)
                r = r * 0.25f - AT(x, (y + i) % h);
        }
        res[y * get_global_size(0) + x] = r;
    }
}
