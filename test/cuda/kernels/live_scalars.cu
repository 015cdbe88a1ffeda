// live_scalars.cu -- CUDA counterpart of test/kernels/live_scalars.cl
//
// int, float and unsigned int values live across the branch, used in both
// paths and after.  Expected: REMAP; a, b, c and x migrate.
//
// EXEC: kernel=live_scalars global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-200:200
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg outf buf float size=N fill=zero

__global__ void live_scalars(const int *in, int *out, float *outf)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int a = x * 3 + 1;
    float b = (float)x * 0.5f + 0.25f;
    unsigned int c = ((unsigned int)x ^ 0x5bd1e995u) * 2654435761u;
    int r;
    float f;
    if (x > 0) {
        r = a;
        f = b;
        for (int i = 0; i < 10; ++i) {
            r = (r + (int)(c & 31u)) % 4099;
            f = f * 0.75f + (float)i;
            c = c * 747796405u + 2891336453u;
        }
    } else {
        r = -a;
        f = -b;
        for (int i = 0; i < 14; ++i) {
            r = (r * 5 + (int)((c >> 7) & 15u)) % 3001;
            f = f * 0.5f - 1.0f;
            c ^= c >> 3;
        }
    }
    out[gid] = r + a + (int)(c & 255u);
    outf[gid] = f + b;
}
