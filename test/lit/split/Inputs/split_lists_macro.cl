// An ID query spelled in a macro: the lists plan unfolds it in its parts.
#define GID ((int)get_global_id(0))

__kernel void tally_macro(__global const int *k, __global float *out, int n) {
    const int i = GID;
    if (i >= n)
        return;
    float v = k[i];
    if (k[i] > 2)
        v = v * 3.0f;
    else
        v = v - 1.0f;
    out[i] = v;
}
