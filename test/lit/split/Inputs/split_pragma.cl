// #pragma tdr on a branch: skip, or reserved for another transform.
__kernel void k(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    #pragma tdr skip
    if (in[i] > 0) out[i] = 1; else out[i] = 2;
}
__kernel void k2(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    #pragma tdr transforms(meld)
    if (in[i] > 0) out[i] = 1; else out[i] = 2;
}
