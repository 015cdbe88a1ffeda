// ndrange_2d_guard.cu -- CUDA counterpart of test/kernels/ndrange_2d_guard.cl
//
// A 2-D bounds guard `if (x < w && y < h)` around a data branch; global
// 60x30 is rounded up to whole blocks, so blocks on the right and bottom
// edges are partly inactive in both dimensions.  Expected: the guard is NOT
// remapped but becomes the active predicate; the inner `if (v > 0.0f)` is
// REMAPPED (Head-or-Tail) over the flattened 2-D block, x and y recomputed
// from the new index; inactive threads never touch memory.
//
// EXEC: kernel=ndrange_2d_guard global=60x30 local=8x4,16x8,16x16
// EXEC: arg in buf float size=N fill=mix:-8:8
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

__global__ void ndrange_2d_guard(const float *in, float *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        float v = in[y * w + x];
        float r;
        if (v > 0.0f) {
            r = v;
            for (int i = 0; i < 10; ++i)
                r = r * 0.5f + (float)x * 0.25f;
        } else {
            r = v;
            for (int i = 0; i < 14; ++i)
                r = r * 0.75f - (float)y * 0.125f;
        }
        out[y * w + x] = r + (float)(x - y);
    }
}
