// A particle-classification pass, compiled at run time with NVRTC by
// nvrtc_app: each element's kind picks one of two iterated updates (odd
// kinds: a damped rotation; even kinds: a square-root recurrence).  Kinds
// are interleaved at random in the input, so every warp diverges on
// `kind[i] & 1`.  Plain NVRTC CUDA: no #include, extern "C" so the host
// finds the kernel by its own name.

#define DAMPING 0.0625f

__device__ float settle(float x, float y)
{
    return x * x + y * y;
}

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
            float t = 0.8f * x - 0.6f * y;
            y = 0.6f * x + 0.8f * y;
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
