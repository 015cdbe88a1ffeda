// Loops under `#pragma tdr` lines: split asks for loop splitting (and turns
// it on for the kernel), skip leaves a loop alone, target asks dwa for a
// pool with nothing checking at launch.
#define ROW(i, k) x[(i) * n + (k)]

__kernel void moments_asked(__global const float *x, __global float *sum,
                            __global float *sq, int n)
{
    int i = get_global_id(0);
    float s = 0.0f, q = 0.0f;
#pragma tdr split
    for (int k = 0; k < n; ++k) {
        s += ROW(i, k);
        q += ROW(i, k) * ROW(i, k);
    }
    sum[i] = s;
    sq[i] = q;
}

__kernel void moments_skipped(__global const float *x, __global float *sum,
                              __global float *sq, int n)
{
    int i = get_global_id(0);
    float s = 0.0f, q = 0.0f;
#pragma tdr skip
    for (int k = 0; k < n; ++k) {
        s += ROW(i, k);
        q += ROW(i, k) * ROW(i, k);
    }
    sum[i] = s;
    sq[i] = q;
}

__kernel void chain_skipped(__global const int *len, __global int *out)
{
    int i = get_global_id(0);
    int a = 0;
#pragma tdr skip
    for (int k = 0; k < len[i]; ++k)
        a = (a * 3 + k) % 1009;
    out[i] = a;
}

__kernel void chain_reserved(__global const int *len, __global int *out,
                             __global int *hits)
{
    int i = get_global_id(0);
    int a = 0, b = 0;
#pragma tdr split
    for (int k = 0; k < len[i]; ++k) {
        a = (a * 3 + k) % 1009;
        b += k & 1;
    }
    out[i] = a;
    hits[i] = b;
}

__kernel void chain_target(__global const int *len, __global int *out)
{
    int i = get_global_id(0);
    int a = 0;
#pragma tdr target
    for (int k = 0; k < len[i]; ++k)
        a = (a * 3 + k) % 1009;
    out[i] = a;
}
