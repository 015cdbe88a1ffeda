// pool_march_helpers_2d.cl
//
// Tests: a 2-D escape-time march (45 x 30 pixels, partial work-groups) in
// the style of fractal and ray-marching kernels whose helpers read the
// work-item's position: `pixel_x()` and `pixel_y()` return the global IDs
// scaled into the plane, and `start_of()` calls both; the march's trip
// count depends on the point, so a warp runs as long as its slowest pixel.
// The settlement writes the count and a shade through the pixel macro.
//
// Expected tdrc action: the dwa transform gives the march a work pool;
// `pixel_x`, `pixel_y` and `start_of` are cloned before the kernel as
// `*__tdr_pool_march_helpers_2d`, taking the item's global IDs, and the
// kernel's call of `start_of` calls its clone (the helpers unchanged).
//
// EXEC: kernel=pool_march_helpers_2d global=45x30 local=16x4,8x8,32x2
// EXEC: arg bias buf float size=N fill=rand:-1:1
// EXEC: arg iters buf int size=N fill=zero
// EXEC: arg shade buf float size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1
// EXEC: arg limit val int value=48

#define PIX(x, y) ((y) * w + (x))

static float pixel_x(void) { return (float)get_global_id(0) * 0.07f - 2.0f; }
static float pixel_y(void) { return (float)get_global_id(1) * 0.08f - 1.2f; }

/* The point a pixel starts from, nudged by its bias. */
static float2 start_of(__global const float *bias, int w) {
    const int px = get_global_id(0), py = get_global_id(1);
    const float b = bias[PIX(px, py)];
    return (float2)(pixel_x() + 0.01f * b, pixel_y());
}

__kernel void pool_march_helpers_2d(__global const float *bias,
                                    __global int *iters,
                                    __global float *shade, int w, int h,
                                    int limit) {
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    const float2 c = start_of(bias, w);
    float zr = 0.0f, zi = 0.0f;
    int n = 0;
    while (n < limit && zr * zr + zi * zi < 4.0f) {
        const float t = zr * zr - zi * zi + c.x;
        zi = 2.0f * zr * zi + c.y;
        zr = t;
        ++n;
    }
    iters[PIX(x, y)] = n;
    shade[PIX(x, y)] = (float)n / (float)limit + 0.001f * zr;
}
