// pool_coords_escape_2d.cl
//
// Tests: the textbook Mandelbrot kernel: a 2-D range (partial groups), the
// work inside a bounds-check block `if (px < w && py < h) { ... }`, the
// escape-time loop's trip count a function of the pixel's coordinates
// alone (no memory read decides it), then a counted smoothing loop and the
// store through an index macro.
//
// Expected tdrc action: dwa (default): a work pool for the escape loop, the
// block's condition ending an item.  The block's condition depends on IDs,
// and every variable assigned under it would look ID-dependent through it;
// the loops are judged as if the block were an early return, so the
// escape loop varies and the counted `for (k < SMOOTH)` does not (it is
// not "a second loop whose trip count varies").
//
// EXEC: kernel=pool_coords_escape_2d global=45x30 local=16x4,8x8,32x2
// EXEC: arg iters buf int size=N fill=zero
// EXEC: arg w val int value=41
// EXEC: arg h val int value=27
// EXEC: arg maxit val int value=160

#define RE_MIN (-2.1f)
#define IM_MIN (-1.3f)
#define STEP (0.065f)
#define SMOOTH 3
#define PIXEL(x, y) ((y) * w + (x))

static float coord(int i, float lo) { return lo + (float)i * STEP; }

__kernel void pool_coords_escape_2d(__global int *iters, int w, int h,
                                    int maxit)
{
    const int px = get_global_id(0);
    const int py = get_global_id(1);
    if (px < w && py < h) {
        const float cr = coord(px, RE_MIN);
        const float ci = coord(py, IM_MIN);
        float zr = 0.0f, zi = 0.0f;
        int it = 0;
        while (it < maxit) {
            const float zr2 = zr * zr;
            const float zi2 = zi * zi;
            if (zr2 + zi2 > 4.0f)
                break;
            zi = 2.0f * zr * zi + ci;
            zr = zr2 - zi2 + cr;
            ++it;
        }
        int band = it;
        for (int k = 0; k < SMOOTH; ++k)
            band = (band * 5 + k) % 997;
        iters[PIXEL(px, py)] = it == maxit ? -1 : band;
    }
}
