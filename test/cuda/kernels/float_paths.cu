// float_paths.cu -- CUDA counterpart of test/kernels/float_paths.cl
//
// A float-heavy data branch with different math per side: sqrtf, expf and
// fmaf on the then-path, log1pf, sinf, cosf and fmaf on the else-path; no
// operation can produce NaN/Inf for inputs in [-50, 50].  Expected: REMAP
// the `if (x > 0.0f)` branch (Head-or-Tail); x and s migrate, gid is
// recomputed from the new index.
//
// EXEC: kernel=float_paths global=1024 local=32,64,128,256
// EXEC: arg in buf float size=N fill=mix:-50:50
// EXEC: arg out buf float size=N fill=zero

__global__ void float_paths(const float *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[gid];
    float s = x * 0.02f;                   /* in [-1, 1] */
    float r;
    if (x > 0.0f) {
        r = sqrtf(x);
        for (int i = 0; i < 12; ++i) {
            r = fmaf(r, 0.5f, expf(-s * (float)i * 0.25f));
            r = sqrtf(r + 1.0f);
        }
    } else {
        float y = -x;                      /* >= 0 */
        r = log1pf(y);
        for (int i = 0; i < 16; ++i) {
            r = fmaf(sinf(r), 0.75f, cosf(s + (float)i * 0.1f));
        }
    }
    out[gid] = r + s;
}
