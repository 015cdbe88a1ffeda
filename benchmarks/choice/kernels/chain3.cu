// Three paths in an else-if chain under a bounds guard, float loops of
// `iters` iterations (a per-class update, as in particle or material codes).
#include "../bench.h"

#define RELAX(v, a) ((v) * (1.0f - (a)) + (a))

__global__ void classify3(const float *x, const int *cls, float *y, int iters, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int c = cls[i] % 3;
        float v = x[i];
        if (c == 0) {
            for (int k = 0; k < iters; ++k)
                v = RELAX(v, 0.1f);
        } else if (c == 1) {
            for (int k = 0; k < iters; ++k)
                v = sqrtf(v * v + 1.0f) * 0.5f;
        } else {
            for (int k = 0; k < iters; ++k)
                v = __sinf(v) + 0.5f * v;
        }
        y[i] = v;
    }
}

int bench_path(int key) { return key % 3; }
const int bench_paths = 3;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    classify3<<<dim3((d.n + 255) / 256), dim3(256), 0, s>>>(d.x, d.keys, d.outf, len, d.n);
}
