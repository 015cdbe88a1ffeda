__kernel void two(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
#pragma tdr algorithm(ballot)
    if (v > 0) out[i] = v * 3; else out[i] = -v;
}
