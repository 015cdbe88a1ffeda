// guard_uniform_loop_2d.cl
//
// Tests: an iterative image filter's shape. A 2-D bounds guard `if (x < w
// && y < h) { ... }` whose body holds a loop over a uniform number of
// passes (an argument), and in it a data branch per pixel; code after the
// loop. Declarations before the loop are used inside it and after it.
//
// Expected tdrc action: REMAP the data branch once per pass; the guard
// becomes the active predicate, every work-item runs the pass loop, the
// segments cut around it and reopened in its body. Global 40x24 with
// w=37, h=21 leaves work-items outside the image.
//
// EXEC: kernel=guard_uniform_loop_2d global=40x24 local=8x8,16x8,8x4
// EXEC: arg in buf float size=N fill=mix:-10:10
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg w val int value=37
// EXEC: arg h val int value=21
// EXEC: arg passes val int value=3

__kernel void guard_uniform_loop_2d(__global const float *in, __global float *out,
                                  int w, int h, int passes)
{
    const int x = (int)get_global_id(0);
    const int y = (int)get_global_id(1);
    if (x < w && y < h) {
        const int k = y * w + x;
        float v = in[k];
        float base = v * 0.5f;
        for (int s = 0; s < passes; ++s) {
            float t = base + (float)s;
            if (v > 0.0f) {
                for (int i = 0; i < 40; ++i)
                    t = t * 0.97f + 0.25f;
            } else {
                for (int i = 0; i < 40; ++i)
                    t = sqrt(t * t + 1.0f) - 0.5f;
            }
            base = t + v;
        }
        out[k] = base;
    }
}
