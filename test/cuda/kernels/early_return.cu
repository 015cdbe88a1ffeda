// early_return.cu -- CUDA counterpart of test/kernels/early_return.cl
//
// `if (gid >= n) return;` before a float data branch; 1000 threads.
// Expected: the early return becomes the active predicate (tdr_active = 0);
// `if (x > 0.0f)` is REMAPPED.
//
// EXEC: kernel=early_return global=1000 local=32,64,128,256
// EXEC: arg in buf float size=N fill=mix:-10:10
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg n val int value=N

__global__ void early_return(const float *in, float *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n)
        return;
    float x = in[gid];
    float r;
    if (x > 0.0f) {
        r = x;
        for (int i = 0; i < 16; ++i)
            r = r * 0.9f + 0.1f * (float)i;
    } else {
        r = 0.0f;
        for (int i = 0; i < 24; ++i)
            r = r - x * 0.05f + (float)(i % 3);
    }
    out[gid] = r;
}
