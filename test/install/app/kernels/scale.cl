// scale.cl — a second kernel with no includes: touching it re-runs only its
// own rewrites.  The em dash in this comment (—) is a byte >= 0x80 that the
// EMBED header has to carry.
__kernel void scale(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int r;
    if (x < 0)
        r = -x * 5;
    else
        r = x + 1;
    out[gid] = r;
}
