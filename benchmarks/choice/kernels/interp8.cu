// Eight paths: a bytecode interpreter's dispatch on three bits of an
// opcode read from memory, each case a loop of `steps` iterations with its
// own mix (float, special functions, integer), so that P = 8 is measured at
// every length (switch8's trip count is a constant).
#include "../bench.h"

// One step of the integer case: a linear congruential update.
#define LCG(h) ((h) * 1664525u + 1013904223u)

__device__ __forceinline__ float damp(float v, float k)
{
    return v * k + (1.0f - k) * 0.5f;
}

__global__ void interp8(const int *__restrict__ code, const float *__restrict__ x,
                        float *__restrict__ out, int steps, int n)
{
    const int pc = blockIdx.x * blockDim.x + threadIdx.x;
    if (pc < n) {
        const int op = code[pc];
        float acc = x[pc];
        switch (op & 7) {
        case 0:
            for (int s = 0; s < steps; ++s)
                acc = damp(acc, 0.999f);
            break;
        case 1:
            for (int s = 0; s < steps; ++s)
                acc = sqrtf(acc + 1.0f) * 0.75f;
            break;
        case 2:
            for (int s = 0; s < steps; ++s)
                acc = __logf(acc + 2.0f);
            break;
        case 3:
            for (int s = 0; s < steps; ++s)
                acc = acc * acc * 0.5f + 0.25f;
            break;
        case 4: {
            unsigned h = (unsigned)op;
            for (int s = 0; s < steps; ++s)
                h = LCG(h) ^ (h >> 11);
            acc += (float)(h >> 8) * 0x1p-24f;
            break;
        }
        case 5:
            for (int s = 0; s < steps; ++s)
                acc = __cosf(acc) + 0.125f * acc;
            break;
        case 6:
            for (int s = 0; s < steps; ++s)
                acc = fminf(acc * 1.5f, 3.0f) - 1.0f;
            break;
        default:
            for (int s = 0; s < steps; ++s)
                acc = rsqrtf(acc * acc + 0.5f);
            break;
        }
        out[pc] = acc;
    }
}

int bench_path(int key) { return key & 7; }
const int bench_paths = 8;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    interp8<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, len, d.n);
}
