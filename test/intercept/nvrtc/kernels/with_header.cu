// classify.cu's kernel with its constants and helper in a header that the
// application passes to NVRTC in memory (nvrtc_app: NVRTC_APP_HEADER), as
// Jitify-style programs do; the file classify_params.cuh is only that text.
#include "classify_params.cuh"

extern "C" __global__ void classify(const int *kind, const float *in,
                                    float *out, int n, int len)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float r = in[i];
    if (kind[i] & 1) {
        float x = r, y = 0.25f;
        for (int k = 0; k < len; ++k) {
            float t = ROT_C * x - ROT_S * y;
            y = ROT_S * x + ROT_C * y;
            x = t;
            y += 0.01f * x * x * x;
        }
        r = settle(x, y);
    } else {
        for (int k = 0; k < len; ++k)
            r = r + DAMPING * sqrtf(r + 0.5f) / (r + 2.0f);
    }
    out[i] = r;
}
