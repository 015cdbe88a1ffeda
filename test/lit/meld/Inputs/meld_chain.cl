// if/else-if chains melded N ways: a switch on which condition holds first.
float clamp01(float x) { return fmin(fmax(x, 0.0f), 1.0f); }

// Three paths that each sample the image at their own offset: one load.
__kernel void edge_sample(__global const float *img, __global const uchar *cls,
                          __global float *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x <= 0 || y <= 0 || x >= w - 1 || y >= h - 1)
        return;
    int at = y * w + x;
    float v;
    uchar c = cls[at];
    if (c < 64) {
        v = img[at - 1] * 0.25f;
        v = clamp01(v);
    } else if (c < 192) {
        v = img[at + 1] * 0.5f;
        v = clamp01(v);
    } else {
        v = img[at + w] * 0.75f;
        v = clamp01(v);
    }
    out[at] = v;
}

// Four paths, no final else (values past the last run nothing), one path
// empty, inside a loop whose paths may leave the iteration.
__kernel void bucket_sums(__global const int *keys, __global const int *vals,
                          __global int *sums, int rounds, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int acc = 0;
    for (int r = 0; r < rounds; ++r) {
        int k = keys[(i + r) % n];
        if (k < 0) {
            acc += vals[(i + 3 * r) % n];
            continue;
        } else if (k < 100) {
        } else if (k < 1000) {
            acc += vals[(i + 5 * r) % n];
        } else if (k < 5000) {
            acc += vals[(i + 7 * r) % n];
        }
        acc ^= r;
    }
    sums[i] = acc;
}

// Conditions that read memory keep their order: the second is read only
// where the first is false.
__kernel void guarded_reads(__global const int *a, __global const int *b,
                            __global float *out, __global const float *src, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float v = 0.0f;
    if (a[i] > 0)
        v = src[i] * 2.0f;
    else if (b[a[i] & 0] + b[i] > 0)
        v = src[(i + 1) % n] * 3.0f;
    else
        v = src[(i + 2) % n] * 4.0f;
    out[i] = v;
}

// Arithmetic only, under guards: declined as a chain and as an if/else.
__kernel void shade(__global const int *mode, __global float *io)
{
    int i = get_global_id(0);
    float v = io[i];
    if (mode[i] == 0) {
        v = v * 0.5f + 1.0f;
        v = sqrt(fabs(v));
    } else if (mode[i] == 1) {
        v = v * 0.25f + 2.0f;
    } else {
        v = v * 0.125f + 3.0f;
        v = native_exp(-v);
    }
    io[i] = v;
}

// A stencil's borders: a chain on IDs alone.  A warp spans few of its
// paths, so it is not melded N ways (its last if/else may still meld).
__kernel void border_taps(__global const float *tile, __global float *out, int w)
{
    int tx = get_local_id(0), ty = get_local_id(1);
    int at = get_global_id(1) * w + get_global_id(0);
    float n;
    if (ty == 0)
        n = tile[at + w] * 0.5f;
    else if (tx == 0)
        n = tile[at + 1] * 0.5f;
    else
        n = tile[at - w] * 0.5f;
    out[at] = n;
}
