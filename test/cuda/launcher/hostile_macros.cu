// Object-like and function-like macros with the short names real CUDA
// programs define (N, B, S, F, K, M, ...) before their kernels and launches:
// everything tdrc writes into the file (the kernels' new code, the
// launchers, the shared host code of the launch-time choice) must compile
// under them.  check_hostile_macros.sh rewrites this file in every mode and
// compiles each result, host code included.  It also holds a kernel with
// a __grid_constant__ parameter (the launcher's copy of it must drop the
// annotation) and a device assert (parsed with tdrc's prelude too).
#include <cassert>
#include <cstdio>

#define N 4096
#define B 128
#define S 16
#define K 3
#define M 64
#define L 2
#define P 7
#define Q 11
#define V 1
#define A 5
#define C 9
#define D 4
#define G 8
#define I 1
#define F(c, x) ((c) * (x) + 1)
#define Key 13
#define Keep 0.5f
#define Mode 2
#define Name "hostile"
#define Launch 1
#define Kernel 1
#define Bucket 1
#define Lists 1
#define Buffer 1
#define Paths 2
#define Items 3
#define Need 4
#define Start 5
#define Stop 6
#define Pick 7
#define Best 8
#define Runs 9
#define Remapped 10
#define Text "t"
#define What 1u
#define Said 0
#define Hold 0
#define Capture 0
#define Lock 0
#define Dev 0
#define Same 0
#define Pays 0
#define Ms 0
#define Mu 0
#define It 0
#define Of 0
#define Buf 0
#define Bytes 0

__device__ int mix(int v, int s) { return F(v, s) % 7919; }

/* A data-dependent branch with long paths: remapped, launched through a
   launcher that chooses per launch. */
__global__ void classify(const int *key, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = key[i];
    if (v & 1) {
        for (int s = 0; s < M; ++s)
            v = mix(v, s + K);
    } else {
        for (int s = 0; s < M; ++s)
            v = (v * P + s + Q) % 6007;
    }
    out[i] = v;
}

/* A loop whose trip count comes from memory: a work pool. */
__global__ void histories(const int *steps, unsigned *tally, int n)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n)
        return;
    unsigned acc = 0u;
    for (int k = 0; k < steps[p] % (S * 4); ++k)
        acc = acc * 31u + (unsigned)F(k, C);
    tally[p] = acc;
}

struct Params {
    const int *code;
    float *y;
    int n;
};

/* A parameter block passed as __grid_constant__, a data branch. */
__global__ void scale(const __grid_constant__ Params p)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(p.n >= 0);
    if (i >= p.n)
        return;
    float v = (float)p.code[i];
    if (p.code[i] & 1) {
        for (int s = 0; s < M; ++s)
            v = v * 0.5f + (float)s;
    } else {
        for (int s = 0; s < M; ++s)
            v = v * 1.5f - (float)s;
    }
    p.y[i] = v;
}

int main()
{
    int *key, *out, *steps;
    unsigned *tally;
    cudaMalloc(&key, N * sizeof(int));
    cudaMalloc(&out, N * sizeof(int));
    cudaMalloc(&steps, N * sizeof(int));
    cudaMalloc(&tally, N * sizeof(unsigned));
    cudaMemset(key, 0, N * sizeof(int));
    cudaMemset(steps, 0, N * sizeof(int));
    classify<<<N / B, B>>>(key, out, N);
    histories<<<N / B, B>>>(steps, tally, N);
    float *y;
    cudaMalloc(&y, N * sizeof(float));
    Params prm = {key, y, N};
    scale<<<N / B, B>>>(prm);
    cudaError_t e = cudaDeviceSynchronize();
    std::printf("%s\n", e == cudaSuccess ? "ok" : cudaGetErrorString(e));
    return e == cudaSuccess ? 0 : 1;
}
