// A kernel with a semantic error: tdrc must report it and write nothing.
__kernel void broken(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
    int y = x + undeclared_name;
    if (x > 0) out[gid] = y;
}
