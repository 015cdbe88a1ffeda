// elseif_chain4.cu -- CUDA counterpart of test/kernels/elseif_chain4.cl
//
// A four-way else-if chain in a 2-D grid; threadIdx.x and .y appear in the
// results.  Expected: REMAP, one DGI round over 4 paths; both thread
// coordinates are redirected through the flattened block.
//
// EXEC: kernel=elseif_chain4 global=64x32 local=8x4,16x8,16x16
// EXEC: arg in buf float size=N fill=mix:-100:100
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg w val int value=G0

__global__ void elseif_chain4(const float *in, float *out, int w)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float v = in[y * w + x];
    float r;
    if (v > 50.0f) {
        r = v;
        for (int i = 0; i < 10; ++i) r = r * 0.9f + 1.0f;
    } else if (v > 0.0f) {
        r = v * v;
    } else if (v > -50.0f) {
        r = -v + (float)threadIdx.y;
    } else {
        r = 0.5f * v;
        for (int i = 0; i < 5; ++i) r = r * 1.1f - 0.25f;
    }
    out[y * w + x] = r + (float)threadIdx.x;
}
