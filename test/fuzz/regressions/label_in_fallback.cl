// A label in a kernel whose round runs under the profitability model's
// switch: the fallback copy of the body would define it twice (fuzzer,
// 2026-11-25).
__kernel void k(__global const float *in, __global float *out, int len)
{
    int i = get_global_id(0);
    float v = in[i];
    if (v > 0.5f) {
        for (int j = 0; j < len; ++j) v = v * 0.99f + 0.01f;
    } else {
        for (int j = 0; j < len; ++j) v = sqrt(v + 1.0f);
    }
done:
    out[i] = v;
}
