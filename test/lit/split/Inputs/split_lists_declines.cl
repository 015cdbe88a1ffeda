// Kernels the split transform splits but whose parts cannot run over
// per-path lists; one reason a kernel.

static void put(__global float *out, int i, float v) { out[i] = v + get_local_id(0); }

__kernel void helper_reads_id(__global const int *k, __global float *out, int n) {
    int i = get_global_id(0);
    if (i >= n)
        return;
    float v = k[i];
    if (k[i] > 0)
        v = v * 3.0f;
    else
        v = v - 1.0f;
    put(out, i, v);
}

__kernel void linear_id(__global const int *k, __global float *out) {
    int i = get_global_linear_id();
    float v = k[i];
    if (v > 0)
        v = v * 3.0f;
    else
        v = v - 1.0f;
    out[i] = v;
}

// A helper that reads an ID, defined after the kernel: its clone could not
// go before the parts that call it.
float late_bias(int i);

__kernel void helper_after(__global const int *k, __global float *out) {
    int i = get_global_id(0);
    float v = k[i];
    if (v > 0)
        v = v * 3.0f;
    else
        v = late_bias(i);
    out[i] = v;
}

float late_bias(int i) { return (float)(i - (int)get_global_id(0)); }
