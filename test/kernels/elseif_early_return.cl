// elseif_early_return.cl
//
// Tests: an else-if chain without a final else (3 paths: first, second,
// none) after an early return, last work-group partly inactive.
//
// Expected tdrc action: the early return becomes the active predicate;
// REMAP the chain with DGI over 3 paths.
//
// EXEC: kernel=elseif_early_return global=1000 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-1000:1000
// EXEC: arg out buf int size=N fill=seq
// EXEC: arg n val int value=N

__kernel void elseif_early_return(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    int x = in[gid];
    int r = out[gid];
    if (x > 500)
        r += x / 3;
    else if (x > 0)
        r -= x % 7;
    out[gid] = r * 2 + x;
}
