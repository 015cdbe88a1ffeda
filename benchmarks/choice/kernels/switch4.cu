// A four-way switch on an opcode read from memory, each case a loop of
// `steps` iterations with its own operation mix (an interpreter's dispatch).
#include "../bench.h"

__global__ void dispatch4(const int *op, const float *x, float *out, int steps, int n)
{
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n)
        return;
    float acc = x[tid];
    switch (op[tid] & 3) {
    case 0:
        for (int s = 0; s < steps; ++s)
            acc = acc * 1.0001f + 0.5f;
        break;
    case 1:
        for (int s = 0; s < steps; ++s)
            acc = rsqrtf(acc * acc + 1.0f);
        break;
    case 2:
        for (int s = 0; s < steps; ++s)
            acc = fmaf(acc, 0.75f, __expf(-acc));
        break;
    default:
        for (int s = 0; s < steps; ++s)
            acc = acc - floorf(acc * 0.3f);
        break;
    }
    out[tid] = acc;
}

int bench_path(int key) { return key & 3; }
const int bench_paths = 4;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    dispatch4<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, len, d.n);
}
