// A counted loop inside a bounds-check block: not a loop of varying length.
__kernel void blur(__global const float *in, __global float *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x < w && y < h) {
        float s = 0.0f;
        for (int i = 0; i < 9; ++i)
            s += in[y * w + (x + i) % w];
        out[y * w + x] = s;
    }
}
