// two_branches.cu -- CUDA counterpart of test/kernels/two_branches.cl
//
// Two data-dependent branches in a row.  Expected: REMAP both, one
// Head-or-Tail round each; the second starts from the migrated state (r1 is
// live across it).
//
// EXEC: kernel=two_branches global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N*2 fill=zero

__global__ void two_branches(const int *a, const int *b, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[gid];
    int y = b[gid];
    int r1;
    if (x > 0) {
        r1 = x;
        for (int i = 0; i < 10; ++i)
            r1 = (r1 * 17 + 3) % 2053;
    } else {
        r1 = -x;
        for (int i = 0; i < 15; ++i)
            r1 = (r1 * 3 + i) % 1021;
        r1 = -r1;
    }

    int r2;
    if (y > 0) {
        r2 = y + r1;
        for (int i = 0; i < 8; ++i)
            r2 = (r2 * 9 + 1) % 4093;
    } else {
        unsigned int h = (unsigned int)(y - r1) * 2654435761u;
        for (int i = 0; i < 12; ++i)
            h = (h ^ (h >> 11)) * 2246822519u;
        r2 = (int)(h % 5000u) - 5000;
    }
    out[2 * gid] = r1;
    out[2 * gid + 1] = r2;
}
