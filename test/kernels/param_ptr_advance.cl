// param_ptr_advance.cl
//
// Tests: pointer parameters that the kernel advances before the branch,
// `in += 2 * gid;` (each work-item its own pair) and `out++` / `++key`
// (a uniform step that every work-item takes); the paths read in[0]/in[1]
// and key[0] and write *out. Written parameters are private per work-item,
// like locals: the work-item that runs a logical item after the remap must
// get that item's in, not its own.
//
// Expected tdrc action: REMAP `if (v > 0)` (Head-or-Tail); the written
// thread-dependent pointer `in` migrates (key and out are uniform: they may
// stay or move); the results match the original bit for bit.
//
// EXEC: kernel=param_ptr_advance global=1024 local=32,64,128,256
// EXEC: arg in buf int size=2*N fill=mix:-100:100
// EXEC: arg key buf int size=N+1 fill=mix:-50:50
// EXEC: arg out buf int size=N+1 fill=zero

#define MIX(a, b) (((a) * 31 + (b)) % 4093)

__kernel void param_ptr_advance(__global const int *in, __global const int *key,
                                __global int *out)
{
    int gid = (int)get_global_id(0);
    in += 2 * gid;          /* this item's pair */
    out++;                  /* out[0] is a header slot, never written */
    ++key;
    int v = key[gid];
    int r;
    if (v > 0) {
        r = MIX(in[0], in[1]);
        for (int i = 0; i < 6; ++i)
            r = MIX(r, i + v);
    } else {
        r = in[1] - in[0];
    }
    out[gid] = r;
}
