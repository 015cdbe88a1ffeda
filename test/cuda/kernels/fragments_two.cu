// fragments_two.cu -- CUDA counterpart of test/kernels/fragments_two.cl
//
// Expected: REMAP all four branches in 2 rounds: round 1 is the else-if
// chain plus the independent `if (y > 0)` (6 paths); the switch on r reads
// round 1's results and starts round 2, which the last if joins.
//
// EXEC: kernel=fragments_two global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg w buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N*2 fill=zero

__global__ void fragments_two(const int *a, const int *b, const int *w,
                              int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[gid], y = b[gid], v = w[gid];
    int r = 0, s = 0;
    if (x > 40) {
        for (int i = 0; i < 8; ++i)
            r = (r * 3 + x) % 1009;
    } else if (x > 0) {
        r = x * 5;
    } else {
        r = -x;
    }
    if (y > 0)
        r += y * 2;
    else
        r -= 50;
    switch (r & 3) {
    case 0:
        for (int i = 0; i < 6; ++i)
            s = (s * 13 + r) % 3011;
        break;
    case 1:
        s = r - 7;
        break;
    default:
        s = r * 2;
    }
    if (v > 0) {
        for (int i = 0; i < 4; ++i)
            s = (s * 5 + v) % 2027;
    }
    out[2 * gid] = r;
    out[2 * gid + 1] = s;
}
