// Kernels for feedback-options.test: empty parameter lists, a round whose N
// a pragma raised, and a kernel with a Head-or-Tail round only.
__constant int table[8] = {0, 1, 2, 3, 2, 1, 0, 3};

__kernel void no_params(void)
{
    __local int seen[4];
    int x = table[get_local_id(0) % 8];
#pragma tdr neighbors(32)
    switch (x) {
    case 0: seen[0] = x; break;
    case 1: seen[1] = x; break;
    default: seen[2] = x; break;
    }
}

__kernel void empty_params()
{
    __local int seen[4];
    int x = table[get_local_id(0) % 8];
    switch (x) {
    case 0: seen[0] = x; break;
    case 1: seen[1] = x; break;
    default: seen[2] = x; break;
    }
}

__kernel void two_paths(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
    if (x > 0)
        x = x * 3;
    else
        x = -x;
    out[gid] = x;
}
