// What melding shares decides whether it pays by default: a load or store
// always may; arithmetic only where the branch goes away whole and no
// integer constant the original folds becomes a select.
#define GAIN(x) ((x) * 0.5f)

// Both paths gather from the table at their own offset: one load melds.
__kernel void gather_pairs(__global const int *flags, __global const float *table,
                           __global float *out, int stride)
{
    int i = get_global_id(0);
    float v = 0.0f;
    if (flags[i] & 1) {
        v = table[i * stride + 1] * 2.0f;
        v = GAIN(v) + 1.0f;
    } else {
        v = table[i * stride + 3] * 2.0f;
        v -= 4.0f;
    }
    out[i] = v;
}

// Float arithmetic that aligns whole: the branch disappears.
__kernel void blend(__global const uint *mask, __global const float2 *in,
                    __global float *out, int rounds)
{
    int i = get_global_id(0);
    float a = in[i].x, b = in[i].y;
    uint cnt = 0;
    for (int r = 0; r < rounds; ++r) {
        if (mask[i] & (1u << (r & 7))) {
            a = a * 0.75f + b;
            b = b * 0.5f - a * 0.125f;
            cnt += 1u;
        } else {
            a = a * 0.625f + b;
            b = b * 0.875f - a * 0.25f;
            cnt += 3u;
        }
    }
    out[i] = a + b + (float)cnt;
}

// Integer hashing whose multipliers and shift counts the original folds.
__kernel void mix(__global const uint *keys, __global uint *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    uint h = keys[i];
    if (h & 4u) {
        h ^= h >> 13;
        h = h * 0x5bd1e995u + 7u;
    } else {
        h ^= h >> 7;
        h = h * 0x27d4eb2du + 5u;
    }
    out[i] = h;
}

// Arithmetic of one path under a guard inside a loop of constant length.
__kernel void smooth(__global const int *kind, __global float *data)
{
    int i = get_global_id(0);
    float v = data[i];
    if (kind[i] > 0) {
        for (int k = 0; k < 8; ++k) {
            v = v * 0.5f + 1.0f;
            v = sqrt(fabs(v));
        }
    } else {
        for (int k = 0; k < 8; ++k)
            v = v * 0.25f + 2.0f;
    }
    data[i] = v;
}

// The same shape, asked for by the programmer.
__kernel void smooth_forced(__global const int *kind, __global float *data)
{
    int i = get_global_id(0);
    float v = data[i];
#pragma tdr meld
    if (kind[i] > 0) {
        for (int k = 0; k < 8; ++k) {
            v = v * 0.5f + 1.0f;
            v = sqrt(fabs(v));
        }
    } else {
        for (int k = 0; k < 8; ++k)
            v = v * 0.25f + 2.0f;
    }
    data[i] = v;
}
