// LIMIT comes from the command line (-DLIMIT=3); the macro stays in the output.
__kernel void needs_macro(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
    if (x > LIMIT)
        out[gid] = x * 2;
    else
        out[gid] = -x;
}
