// uniform_if_cut_2d.cl
//
// Tests: an image module's shape (a colour-correction pass): a 2-D early
// return `if (x >= width || y >= height) return;`, then the module's options
// as uniform ifs around per-pixel data branches: `if (gamut_map) { ... }`
// on a kernel argument; in a uniform loop over passes, `if ((p & 1) == 0)
// {...} else {...}` with the data branch in the else arm (taken in every
// other pass); two nested option ifs, `if (mode > 0) { ... if (mode > 1)
// {...} else {...} }`. Declarations in the arms before each branch are used
// after it; a helper and index macros, as image kernels write them.
//
// Expected tdrc action: REMAP the three data branches, each round cut out
// of its uniform ifs (PoCL 3.1 miscompiles a remap's barriers inside an if
// after work-items went inactive); in the default mode the rounds of the
// option ifs run at a launch where the options hold (the original code runs
// where no round is on). Bit-identical; uniform_if_cut_off.cl runs the
// shape with its options off.
//
// EXEC: kernel=uniform_if_cut_2d global=40x20 local=8x4,16x8,8x8
// EXEC: arg in buf float size=N fill=mix:-10:10
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg width val int value=37
// EXEC: arg height val int value=19
// EXEC: arg gamut_map val int value=1
// EXEC: arg passes val int value=4
// EXEC: arg mode val int value=2

#define CLAMPF(v) fmin(fmax((v), -100.0f), 100.0f)
#define PIXEL(buf, px, py, w) (buf)[(py) * (w) + (px)]

float tone(float v, int steps)
{
    float t = v;
    for (int i = 0; i < steps; ++i)
        t = t * 0.93f + 0.5f;
    return t;
}

__kernel void uniform_if_cut_2d(__global const float *in, __global float *out,
                                int width, int height, int gamut_map,
                                int passes, int mode)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= width || y >= height)
        return;

    const float v = PIXEL(in, x, y, width);
    float acc = v * 0.25f;
    if (gamut_map) {
        const float yy = v + 0.5f * acc;
        if (yy > 0.0f) {
            acc = tone(acc + yy, 48);
        } else {
            for (int i = 0; i < 40; ++i)
                acc = sqrt(acc * acc + 1.0f) - 0.75f;
        }
        acc = CLAMPF(acc + yy);
    }
    for (int p = 0; p < passes; ++p) {
        const float w = PIXEL(in, (x + p * 3) % width, y, width);
        if ((p & 1) == 0) {
            acc = acc * 0.5f + w;
        } else {
            float d = w - acc;
            if (d > 0.0f) {
                acc = tone(acc, 32) + d;
            } else {
                for (int i = 0; i < 24; ++i)
                    acc = acc * 0.9f - d * 0.01f;
            }
            acc = CLAMPF(acc + d * 0.125f);
        }
    }
    if (mode > 0) {
        float s = acc * 0.5f;
        if (mode > 1) {
            if (v - s > 0.0f) {
                for (int i = 0; i < 36; ++i)
                    s = s * 0.97f + 0.25f;
            } else {
                s = tone(s, 8) - 1.0f;
            }
            s += 1.0f;
        } else {
            s -= 1.0f;
        }
        acc += s;
    }
    PIXEL(out, x, y, width) = acc;
}
