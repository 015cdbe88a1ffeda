// Kernels the split transform leaves alone, one reason each.
#define N_MAX 4096

__kernel void sync_group(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    int v = in[i];
    if (v > 0) {
        v *= 3;
        barrier(CLK_GLOBAL_MEM_FENCE);
    } else
        v += 1;
    out[i] = v;
}

__kernel void in_place(__global int *data) {
    int i = get_global_id(0);
    int v = data[i];
    if (v > 0)
        data[i] = v * 7;
    else
        data[i] = -v;
}

__kernel void prefix_store(__global const int *in, __global int *out, __global int *seen) {
    int i = get_global_id(0);
    seen[i] = 1;
    if (in[i] > 0)
        out[i] = 2;
    else
        out[i] = 3;
}

__kernel void used_atomic(__global const int *in, __global int *out, __global int *next) {
    int i = get_global_id(0);
    if (in[i] > 0)
        out[atomic_inc(next)] = i;
    else
        out[i] = 0;
}

__kernel void after_guard(__global const int *in, __global int *out, __global int *done, int n) {
    int i = get_global_id(0);
    if (i < n) {
        if (in[i] > 0)
            out[i] = 1;
        else
            out[i] = 2;
    }
    done[i] = 1;
}

static int peek(__global const int *p, int i) { return p[i]; }

__kernel void through_pointer(__global const int *in, __global int *out, int n) {
    int i = get_global_id(0);
    __global int *row = out + (i / 64) * 64;
    if (peek(row, i % 64) > 0)
        out[i] = 1;
    else
        out[i] = in[i];
}

__kernel void exchange(__global const int *in, __global int *last) {
    int i = get_global_id(0);
    if (in[i] > 0)
        atomic_xchg(last, i);
    else
        last[i + 1] = in[i];
}

__kernel void local_tile(__global const int *in, __global int *out) {
    __local int tile[64];
    int i = get_global_id(0);
    tile[get_local_id(0)] = in[i];
    if (in[i] > 0)
        out[i] = tile[0];
    else
        out[i] = 0;
}
