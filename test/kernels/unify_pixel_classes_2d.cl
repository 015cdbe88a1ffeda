// unify_pixel_classes_2d.cl
//
// Tests: an image kernel over a 2-D range (rows of W pixels, a guard on
// both coordinates): each pixel is classified by its value into one of
// four classes by an else-if chain, and each class runs a filter of its own
// length over the pixel's row neighbourhood (clamped reads through a
// macro); one class has no else of its own work but writes a marker; the
// result is written after the chain through a helper.  A pixel whose value
// is a sentinel leaves early.
//
// Expected tdrc action (--transforms=-*,bpu): branch path unification of
// the 4-path chain; get_global_id(0) and get_group_id(0) are redirected to
// the item, get_global_id(1) stays.
//
// EXEC: kernel=unify_pixel_classes_2d global=96x20 local=16x4,32x2,8x8
// EXEC: arg img buf int size=N fill=mix:0:255
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

#define AT(x, y) img[(y) * w + min(max((x), 0), w - 1)]
#define DARK 40
#define BRIGHT 200

static int blend(int a, int b) { return (a * 3 + b) / 4; }

__kernel void unify_pixel_classes_2d(__global const int *img, __global int *out, int w, int h)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    const int p = AT(x, y);
    if (p == 255)
        return;                       /* saturated: left as it is */
    int v;
    if (p < DARK) {
        v = 0;
        for (int k = -3; k <= 3; ++k)
            v += AT(x + k, y) * (4 - abs(k));
        v /= 16;
    } else if (p > BRIGHT) {
        v = p;
        for (int k = 1; k <= 2; ++k)
            v = max(v, AT(x + k, y));
    } else if ((p & 1) == 0) {
        v = blend(p, AT(x - 1, y));
    } else {
        v = -1;                       /* odd mid-tones: a marker */
    }
    out[y * w + x] = blend(v, p) + (int)get_group_id(0);
}
