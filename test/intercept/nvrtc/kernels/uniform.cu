// The same signature as classify.cu with no data-dependent branch: every
// element takes the same iterated update, whatever its kind, so tdrc has
// nothing to remap and the program stays as the application wrote it.

#define DAMPING 0.0625f

extern "C" __global__ void classify(const int *kind, const float *in,
                                    float *out, int n, int len)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float r = in[i] + 0.125f * (float)kind[i];
    for (int k = 0; k < len; ++k)
        r = r + DAMPING * sqrtf(r + 0.5f) / (r + 2.0f);
    out[i] = r;
}
