// guard_uniform_if_2d.cl
//
// Tests: an image filter's shape. A 2-D bounds guard `if (x < w && y < h)
// { ... }` whose body holds a uniform mode test (a flag argument, as an
// image-processing module's `if (scale & LAST_SCALE)`) and in it a data
// branch per pixel; an else arm of the mode test and code after it.
// Declarations before the mode test are used inside it.
//
// Expected tdrc action: REMAP the data branch, the round cut out of the
// uniform if (the if closes before the round and reopens after it, under a
// flag its then arm sets): PoCL 3.1 miscompiles a remap's barriers inside a
// uniform conditional after work-items went inactive, and the cut form has
// none there (lib/TDR/Remap/UniformNest.cpp). In the default mode the round
// runs at a launch where `flags & LAST_SCALE` holds. Bit-identical.
// Global 40x24 with w=37, h=21 leaves work-items outside the image.
//
// EXEC: kernel=guard_uniform_if_2d global=40x24 local=8x8,16x8,8x4
// EXEC: arg in buf float size=N fill=mix:-10:10
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg w val int value=37
// EXEC: arg h val int value=21
// EXEC: arg flags val int value=3

#define LAST_SCALE 2

__kernel void guard_uniform_if_2d(__global const float *in, __global float *out,
                                  int w, int h, int flags)
{
    const int x = (int)get_global_id(0);
    const int y = (int)get_global_id(1);
    if (x < w && y < h) {
        const int k = y * w + x;
        float v = in[k];
        float base = v * 0.5f;
        if ((flags & LAST_SCALE)) {
            float t = base;
            if (v > 0.0f) {
                for (int i = 0; i < 40; ++i)
                    t = t * 0.97f + 0.25f;
            } else {
                for (int i = 0; i < 40; ++i)
                    t = sqrt(t * t + 1.0f) - 0.5f;
            }
            base = t + v;
        } else {
            base = base - 1.0f;
        }
        out[k] = base;
    }
}
