// param_scalar_ops.cl
//
// Tests: scalar parameters modified before the branch with compound
// operators, some thread-dependent (`n -= gid & 3`, `seed ^= gid`,
// `scale *= 1 + lid % 3`), some uniform (`shift <<= 1`, `bias += 7`); all are
// read in the paths and after the branch.
//
// Expected tdrc action: REMAP `if (x > 0)` (Head-or-Tail); n, seed and scale
// migrate (thread-dependent written parameters); the uniform ones need not.
//
// EXEC: kernel=param_scalar_ops global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf uint size=N fill=zero
// EXEC: arg outf buf float size=N fill=zero
// EXEC: arg n val int value=N
// EXEC: arg seed val uint value=12345
// EXEC: arg scale val float value=3
// EXEC: arg shift val int value=2
// EXEC: arg bias val int value=5

__kernel void param_scalar_ops(__global const int *in, __global uint *out,
                               __global float *outf, int n, uint seed, float scale,
                               int shift, int bias)
{
    int gid = (int)get_global_id(0);
    int lid = (int)get_local_id(0);
    n -= gid & 3;
    seed ^= (uint)gid * 2654435761u;
    scale *= (float)(1 + lid % 3);
    shift <<= 1;
    bias += 7;
    int x = in[gid];
    uint h;
    if (x > 0) {
        h = seed;
        for (int i = 0; i < 8; ++i)
            h = (h ^ (h >> 13)) * 0x5bd1e995u + (uint)n;
        outf[gid] = scale * (float)(x % 17);
    } else {
        h = seed + (uint)(n << shift);
        outf[gid] = -scale;
    }
    out[gid] = h + (uint)(bias + n);
}
