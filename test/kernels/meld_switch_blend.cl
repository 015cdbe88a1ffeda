// meld_switch_blend.cl
//
// Tests: layer compositing over a 2-D range (53x29, partial work-groups),
// one work-item per pixel, the blend mode read per pixel from a mode map
// (a painted mask: modes mix inside every warp).  The switch on the mode
// has six case groups: normal, add, multiply, screen and overlay-light
// (two labels on one group), a disabled layer (`case BLEND_OFF: break;`,
// does nothing) and a default (difference).  Every group runs the same
// loop over the three channels with its own formula (a value of its own
// or the operands of one operator tree), clamps through a helper and
// stores at the same address; one group also scales by the opacity, one is braced and
// declares a temporary, the last has no break.  A 2-D bounds guard returns
// early.
//
// Expected tdrc action: the meld transform melds the switch N ways: the
// loop, the formula's declaration and the stores written once, the
// formulas a chain of selects on the mode (`tdr_meld0 == BLEND_ADD ? ... : ...`), the opacity
// step under a test of its group, the whole under a test that leaves
// BLEND_OFF's pixels alone.  `#pragma tdr transforms(meld)` keeps the
// switch from the remap transform, which the tests' forced rewrites would
// choose.
//
// EXEC: kernel=meld_switch_blend global=53x29 local=8x8,16x4,32x2
// EXEC: arg base buf float size=3*N fill=rand:0:1
// EXEC: arg layer buf float size=3*N fill=rand:0:1
// EXEC: arg mode buf int size=N fill=mix:0:7
// EXEC: arg dst buf float size=3*N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1
// EXEC: arg opacity_pct val int value=75

#define BLEND_NORMAL 0
#define BLEND_ADD 1
#define BLEND_MULTIPLY 2
#define BLEND_SCREEN 3
#define BLEND_LIGHT 4
#define BLEND_OFF 5
#define PIX(x, y, c) (((y) * w + (x)) * 3 + (c))

float clamp01(float v) { return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v); }

__kernel void meld_switch_blend(__global const float *base,
                                __global const float *layer,
                                __global const int *mode, __global float *dst,
                                int w, int h, int opacity_pct)
{
    const float opacity = opacity_pct * 0.01f;
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    const int m = mode[y * w + x];
#pragma tdr transforms(meld)
    switch (m & 7) {
    case BLEND_NORMAL:
        for (int c = 0; c < 3; ++c) {
            float b = base[PIX(x, y, c)];
            float v = layer[PIX(x, y, c)] * opacity + b * 0.25f;
            dst[PIX(x, y, c)] = clamp01(v);
        }
        break;
    case BLEND_ADD:
        for (int c = 0; c < 3; ++c) {
            float b = base[PIX(x, y, c)];
            float v = layer[PIX(x, y, c)] + b;
            dst[PIX(x, y, c)] = clamp01(v);
        }
        break;
    case BLEND_MULTIPLY: {
        float k = opacity * 0.5f;
        for (int c = 0; c < 3; ++c) {
            float b = base[PIX(x, y, c)];
            float v = layer[PIX(x, y, c)] * b;
            dst[PIX(x, y, c)] = clamp01(v);
        }
        dst[PIX(x, y, 0)] *= k;
        break;
    }
    case BLEND_SCREEN:
    case BLEND_LIGHT:
        for (int c = 0; c < 3; ++c) {
            float b = base[PIX(x, y, c)];
            float v = layer[PIX(x, y, c)] + b - layer[PIX(x, y, c)] * b;
            dst[PIX(x, y, c)] = clamp01(v);
        }
        break;
    case BLEND_OFF:
        break;
    default:
        for (int c = 0; c < 3; ++c) {
            float b = base[PIX(x, y, c)];
            float v = layer[PIX(x, y, c)] - b;
            dst[PIX(x, y, c)] = clamp01(v);
        }
    }
}
