// param_2d.cl
//
// Tests: a 2-D image kernel that moves its parameters to its own row before
// the branch, `img += y * pitch;` and `res += y * pitch;` (pointer
// parameters advanced by a row), and narrows `w` per column parity
// (`w -= x & 1`, a scalar); `gain` is written inside the 2-D guard with a
// uniform value. Global 60x30 with local 8x4/16x8/12x10: inactive work-items
// are spread through the flattened group, not only at its end.
//
// Expected tdrc action: the guard becomes the active predicate; REMAP
// `if (v > 0.0f)` (Head-or-Tail over the flattened group); img, res, w and
// gain migrate.
//
// EXEC: kernel=param_2d global=60x30 local=8x4,16x8,12x10
// EXEC: arg img buf float size=N fill=mix:-8:8
// EXEC: arg res buf float size=N fill=zero
// EXEC: arg pitch val int value=G0
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1
// EXEC: arg gain val float value=2

__kernel void param_2d(__global const float *img, __global float *res, int pitch,
                       int w, int h, float gain)
{
    int x = (int)get_global_id(0);
    int y = (int)get_global_id(1);
    if (x < w && y < h) {
        img += y * pitch;
        res += y * pitch;
        gain *= 0.5f;
        w -= x & 1;
        float v = img[x];
        float r;
        if (v > 0.0f) {
            r = v;
            for (int i = 0; i < 8; ++i)
                r = r * 0.5f + img[(x + i) % w] * gain;
        } else {
            r = v * gain - (float)w;
        }
        res[x] = r;
    }
}
