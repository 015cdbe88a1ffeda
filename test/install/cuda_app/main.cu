// The CUDA install test's application: runs the two kernels tdrc_add_kernels
// rewrote and compiled into this executable (divergent.tdr.cu, scale.tdr.cu)
// on the first CUDA device and checks every output against a CPU
// computation, on inputs whose branches are all-taken, none-taken,
// alternating and random.  Exit status: 0 all outputs match, 1 a mismatch,
// 2 a CUDA error, 77 no CUDA device (the install test runs it only where
// nvidia-smi lists a GPU).
#include "app_cuda.h"

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

enum { N = 1000 }; // not a multiple of the blocks: the guards matter

// The CPU references, written independently of the kernels.
static int ref_divergent(int x)
{
    int r = x * 2 + 7;
    if (x > 0)
        for (int i = 0; i < 20; ++i)
            r = (r * 7 + i) % 10007;
    return r;
}
static int ref_scale(int x) { return x < 0 ? -x * 5 : x + 1; }

static void fill(int *in, int pattern)
{
    unsigned s = 12345u;
    for (int i = 0; i < N; ++i) {
        s = s * 1664525u + 1013904223u;
        int v = (int)(s >> 16) % 200 + 1; // 1..200
        switch (pattern) {
        case 0: in[i] = v; break;                      // every thread: then-path
        case 1: in[i] = -v; break;                     // every thread: else-path
        case 2: in[i] = (i & 1) ? v : -v; break;       // alternating
        default: in[i] = (s >> 8) & 1 ? v : -v; break; // random
        }
    }
}

#define CHECK(call)                                                           \
    do {                                                                      \
        cudaError_t e_ = (call);                                              \
        if (e_ != cudaSuccess) {                                              \
            std::printf("CUDA error: %s: %s\n", #call, cudaGetErrorString(e_)); \
            return 2;                                                         \
        }                                                                     \
    } while (0)

int main()
{
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("no CUDA device; not run\n");
        return 77;
    }
    static int in[N], out[N];
    int *d_in = nullptr, *d_out = nullptr;
    CHECK(cudaMalloc(&d_in, N * sizeof(int)));
    CHECK(cudaMalloc(&d_out, N * sizeof(int)));
    int bad_total = 0;
    for (int k = 0; k < 2; ++k) {
        const char *name = k == 0 ? "divergent" : "scale";
        int bad = 0;
        for (int pattern = 0; pattern < 4; ++pattern) {
            fill(in, pattern);
            CHECK(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
            CHECK(cudaMemset(d_out, 0xff, sizeof out));
            int err = k == 0 ? launch_divergent(d_in, d_out, N)
                             : launch_scale(d_in, d_out, N);
            CHECK((cudaError_t)err);
            CHECK(cudaDeviceSynchronize());
            CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
            for (int i = 0; i < N; ++i) {
                int want = k == 0 ? ref_divergent(in[i]) : ref_scale(in[i]);
                if (out[i] != want && bad++ < 5)
                    std::printf("%s: pattern %d, [%d] = %d, expected %d\n", name,
                                pattern, i, out[i], want);
            }
        }
        std::printf("%s: %s (%d outputs x 4 inputs)\n", name, bad ? "MISMATCH" : "ok", N);
        bad_total += bad;
    }
    cudaFree(d_in);
    cudaFree(d_out);
    return bad_total ? 1 : 0;
}
