// Declarations in conditions (C++): `if (T v = e)`, `if (init; cond)`,
// `switch (T v = e)`, `while (T v = e)`.  The analysis must see their
// initialisers: a branch on them is divergent, and a loop bounded by them
// varies by thread.
__global__ void cond_var_branch(const int *code, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = 0.f;
    if (int c = code[i]) {
        for (int t = 0; t < 40; ++t) v = v * 0.5f + c * t;
    } else {
        for (int t = 0; t < 40; ++t) v = v * 1.5f + t;
    }
    y[i] = v;
}

__global__ void init_bounds_loop(const int *lens, const int *code, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = 0.f;
    if (const int m = lens[i] & 7; m > 0) {
        for (int k = 0; k < m; ++k) {
            if (code[(i + k) % n] > 0) {
                for (int t = 0; t < 40; ++t) v = v * 0.5f + t;
            } else {
                for (int t = 0; t < 40; ++t) v = v * 1.5f - t;
            }
        }
    }
    y[i] = v;
}
