// dgi_group_uniform.cl
//
// Tests: a data-dependent switch whose value is the same for every
// work-item of a 32-item block (it is read at gid / 32): with work-groups of
// 32 all items agree and the DGI round skips its data movement at run time;
// larger groups mix blocks.
//
// Expected tdrc action: REMAP with DGI over 4 paths (the skip is a run-time
// decision).
//
// EXEC: kernel=dgi_group_uniform global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=rand:0:1000
// EXEC: arg out buf int size=N fill=zero

__kernel void dgi_group_uniform(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int k = in[gid / 32];
    int r = gid;
    switch (k & 3) {
    case 0: r = r * 3 + k; break;
    case 1: r = r ^ k; break;
    case 2: r = r - k * 5; break;
    default: r = k; break;
    }
    out[gid] = r;
}
