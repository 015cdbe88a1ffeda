// meld_chain_sample.cl
//
// Tests: an edge-aware resampling step, after the image-filter samples'
// kernels: each pixel of a 2-D range (partial work-groups) is classified by
// its gradient class (loaded, a mix) into one of four paths written as an
// if/else-if chain with no final else (class 3 and up keep the pixel).  Each
// path reads the source at its own neighbour through one helper, scales it
// with its own weight and clamps; the third path also counts its pixels
// (an integer atomic whose result is unused) and the second is empty for
// classes it leaves alone.  The classes come from a macro.
//
// Expected tdrc action: the meld transform melds the chain four ways (one
// value, `(cls == FLAT) ? 0 : ...`, then one load at a selected address,
// the weight selected, the clamp once, the count under its path's test);
// `#pragma tdr transforms(meld)` keeps the chain from the remap transform,
// which the forced rewrites of the tests would choose.
//
// EXEC: kernel=meld_chain_sample global=45x29 local=8x8,16x4,32x2
// EXEC: arg src buf float size=N fill=rand:0:1
// EXEC: arg cls buf int size=N fill=mix:0:5
// EXEC: arg dst buf float size=N fill=rand:0:1
// EXEC: arg count buf int size=4 fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

#define FLAT 0
#define RAMP 1
#define EDGE 2
#define CORNER 3
#define AT(x, y) ((y) * w + (x))
// The neighbour each class samples.
#define FLAT_DX -1
#define FLAT_DY 0
#define EDGE_DX 0
#define EDGE_DY 1
#define CORNER_DX 1
#define CORNER_DY -1

float fetch(__global const float *img, int x, int y, int w, int h)
{
    x = x < 0 ? 0 : (x >= w ? w - 1 : x);
    y = y < 0 ? 0 : (y >= h ? h - 1 : y);
    return img[AT(x, y)];
}

__kernel void meld_chain_sample(__global const float *src,
                                __global const int *cls,
                                __global float *dst, __global int *count,
                                int w, int h)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    const int c = cls[AT(x, y)];
    float v = dst[AT(x, y)];
#pragma tdr transforms(meld)
    if (c == FLAT) {
        float s = fetch(src, x + FLAT_DX, y + FLAT_DY, w, h);
        v = s * 0.25f + v * 0.75f;
        v = fmin(v, 1.0f);
    } else if (c == RAMP) {
    } else if (c == EDGE) {
        float s = fetch(src, x + EDGE_DX, y + EDGE_DY, w, h);
        v = s * 0.5f + v * 0.5f;
        v = fmin(v, 1.0f);
        atomic_inc(&count[EDGE]);
    } else if (c < CORNER + 2) {
        float s = fetch(src, x + CORNER_DX, y + CORNER_DY, w, h);
        v = s * 0.125f + v * 0.875f;
        v = fmin(v, 1.0f);
    }
    dst[AT(x, y)] = v;
}
