// Found by tdrc_fuzz: a private array of one element live at the remap point
// was moved as a scalar (`slot = v;`, `v = slot;`), which Clang rejects.
__kernel void array1(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    if (gid < n) {
        int v[1];
        v[0] = in[gid];
        if (v[0] > 0)
            out[gid] = v[0] * 3;
        else
            out[gid] = v[0] - 1;
    }
}
