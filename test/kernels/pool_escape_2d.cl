// pool_escape_2d.cl
//
// Tests: escape-time iteration (a Mandelbrot/Julia-style loop) over a 2-D
// range: per pixel a point c from the pixel and a loaded offset, iterate
// z = z^2 + c until |z| > 2 or maxit.  The trip count differs per
// work-item; the loop breaks out; a 2-D bounds guard returns early; the
// point is computed by a macro.
//
// Expected tdrc action: the dwa transform gives the loop a work pool
// (declarations before it move to the top, the guard's return drops the
// item, the break ends the item's loop); the remap transform leaves the
// branch inside the loop alone.
//
// EXEC: kernel=pool_escape_2d global=61x37 local=8x4,16x8,32x1
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg shift buf float size=N fill=rand:-1:1
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1
// EXEC: arg maxit val int value=300

#define TO_PLANE(v, n) ((float)(v) / (float)(n) * 3.0f - 2.0f)

__kernel void pool_escape_2d(__global int *out, __global const float *shift,
                             int w, int h, int maxit)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    const float cr = TO_PLANE(x, w) + 0.25f * shift[y * w + x];
    const float ci = TO_PLANE(y, h);
    float zr = 0.0f, zi = 0.0f;
    int it;
    for (it = 0; it < maxit; ++it) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        if (zr * zr + zi * zi > 4.0f)
            break;
    }
    out[y * w + x] = it;
}
