// One launch written in a host function template that the file
// instantiates twice: one launch site, rewritten once.
__global__ void heavy(const int *sel, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = y[i];
    if (sel[i] & 1) {
        for (int k = 0; k < 64; ++k) v = v * 1.01f + 0.5f;
    } else {
        for (int k = 0; k < 64; ++k) v = sqrtf(v + (float)k);
    }
    y[i] = v;
}

template <int BS> void run_blocks(const int *s, float *y, int n)
{
    heavy<<<n / BS, BS>>>(s, y, n);
}

void run_both(const int *s, float *y, int n)
{
    run_blocks<128>(s, y, n);
    run_blocks<256>(s, y, n);
}
