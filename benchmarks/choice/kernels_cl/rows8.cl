// Loop divergence: sparse rows of 1 to 8 blocks of `len` entries, summed
// in float in the row's order (OpenCL twin of kernels/rows8.cu).  Harness
// arguments: keys, x, outf, outu, len, n.
#define ROW_LENGTH(k, len) ((len) * (1 + ((k) & 7)))

__kernel void sparse_rows(__global const int *keys, __global const float *x,
                          __global float *out, __global uint *unused, int len, int n)
{
    const int row = get_global_id(0);
    if (row >= n)
        return;
    const int key = keys[row];
    const int start = (key >> 3) & (n - 1);
    const int count = ROW_LENGTH(key, len);
    float sum = 0.0f;
    for (int j = 0; j < count; ++j)
        sum += 0.5f * x[(start + j) & (n - 1)];
    out[row] = sum;
}
