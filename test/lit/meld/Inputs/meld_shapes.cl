// Shapes the meld transform writes (test/lit/meld/output.test).
#pragma OPENCL FP_CONTRACT OFF
#define IDX2(x, y, w) ((y) * (w) + (x))

// Bitonic compare-exchange: mirrored comparisons meld into one.
__kernel void bitonic(__global int *keys, int j, int k)
{
    int i = get_global_id(0);
    int ixj = i ^ j;
    if (ixj > i) {
        int a = keys[i];
        int b = keys[ixj];
        if ((i & k) == 0) {
            if (a > b) {
                keys[i] = b;
                keys[ixj] = a;
            }
        } else {
            if (a < b) {
                keys[i] = b;
                keys[ixj] = a;
            }
        }
    }
}

// Same-named declarations meld; a store at a selected address; a statement
// of one side stays under its guard; a declaration of one side is split.
__kernel void forces(__global const float *pos, __global const int *kind,
                     __global float *out, float g, float q, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    float p = pos[IDX2(x, y, w)];
    if (kind[IDX2(x, y, w)] & 1) {
        float d = p * g + 1.0f;
        float e = d * d;
        out[IDX2(x, y, w)] = e - p;
    } else {
        float d = p * q + 2.0f;
        int n = kind[IDX2(x, y, w)] >> 1;
        out[IDX2(x, y, w) + w] = d - p;
        out[IDX2(x, y, w)] = (float)n;
    }
}

// Loops of one shape meld region by region; commutative integer operands
// swap to align.
__kernel void loops(__global const uint *in, __global uint *out, int n)
{
    int i = get_global_id(0);
    uint h = in[i];
    if (h % 3u == 0u) {
        for (int r = 0; r < n; ++r)
            h = (h * 33u) ^ (h >> 5);
    } else {
        for (int r = 0; r < n + 2; ++r)
            h = (h >> 7) ^ (h * 17u);
    }
    out[i] = h;
}

// A private array keeps its constant indices: the element is selected.
__kernel void private_array(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int t[2];
    t[0] = in[2 * i];
    t[1] = in[2 * i + 1];
    if (in[i] > 0)
        out[i] = t[0] * 3 + 1;
    else
        out[i] = t[1] * 3 + 1;
}

// A float multiply stays next to the add it feeds: the operands inside it
// are selected, not the product.
__kernel void contraction(__global const float *a, __global const float *b,
                          __global const int *key, __global float *out)
{
    int i = get_global_id(0);
    float r;
    if (key[i])
        r = a[i] * b[i] + 1.0f;
    else
        r = a[i] + 1.0f;
    out[i] = r;
}
