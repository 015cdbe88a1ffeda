// dependent_branches.cu -- CUDA counterpart of test/kernels/dependent_branches.cl
//
// A second data branch whose condition (r > 0) depends on the result of
// the first; both paths of the first can give either sign.  Expected: REMAP
// both, one Head-or-Tail round each; the second starts from the migrated
// state (x and r move).
//
// EXEC: kernel=dependent_branches global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void dependent_branches(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < 10; ++i)
            r = (r * 7 + i) % 101;
        r = r - 50;            /* in [-50, 50] */
    } else {
        r = -x;
        for (int i = 0; i < 13; ++i)
            r = (r * 5 + 3) % 97;
        r = 48 - r;            /* in [-48, 48] */
    }

    int s;
    if (r > 0) {
        s = r;
        for (int i = 0; i < 16; ++i)
            s = (s * 3 + x + 100) % 1009;
    } else {
        s = -r;
        for (int i = 0; i < 11; ++i)
            s = (s * 13 + 5) % 10007;
        s = -s - 1;
    }
    out[gid] = s * 128 + r;
}
