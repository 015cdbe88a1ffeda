// The launcher tdrc writes for a split kernel (--transforms=-*,split), under
// the launches real programs make: plain launches (the first ones of a
// bucket time the kernel against its plan), a larger launch on a stream of
// its own (the lists buffer grows, one per stream), a launch whose input and
// output are two parts of one allocation (the plan would be wrong there: the
// kernel runs), a 2-D kernel, a launch captured into a CUDA graph (no
// allocation, no timing inside a capture), and launches from several host
// threads at once on their own streams.  Prints one checksum per phase and
// exits 1 on any CUDA error; run_split_check.sh compares the checksums with
// those of the original program bit for bit and runs it under
// compute-sanitizer.  `split_check STEPS N time` instead times 100 launches
// of `tally` after 10 (the bucket decided by then), for run_split_check.sh's
// timing of the launcher against the plain kernel.
#include "check_util.h"
#include <thread>
#include <vector>

#define BLOCK 128
#define KIND_ABSORBED 2
#define KIND_SCATTERED 1

// A particle's energy after `steps` collisions: the heavy, rare path.
__device__ float absorb(float e, int steps)
{
    float acc = e;
    for (int k = 0; k < steps; ++k)
        acc = acc * 0.97f + sinf(acc + (float)k) * 0.01f;
    return acc;
}

// A tally over particles of three kinds under a bounds guard.
__global__ void __launch_bounds__(BLOCK)
tally(const float *energy, const unsigned *kind, float *dose, int steps, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const float e = energy[i];
    const unsigned k = kind[i] % 3u;
    if (k == KIND_ABSORBED) {
        dose[i] = absorb(e, steps);
    } else if (k == KIND_SCATTERED) {
        dose[i] = e * 0.5f + 1.0f;
    } else {
        dose[i] = 0.0f;
    }
}

// The filter's weight at this thread's place in its block: edge columns
// weigh less (a helper that reads the thread's IDs, as image helpers do;
// the plan over lists clones it to take the listed pixel's).
__device__ float edge_weight(void)
{
    return (threadIdx.x == 0 || threadIdx.x == blockDim.x - 1)
               ? 0.5f
               : 1.0f + 0.01f * (float)blockIdx.y;
}

// A 2-D image pass: bright pixels take a long filter.
__global__ void glow(const unsigned *img, float *out, int w, int h, int taps)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        const unsigned p = img[y * w + x];
        float v = (float)(p & 255u) / 255.0f;
        if ((p & 7u) == 0u) {
            for (int t = 0; t < taps; ++t)
                v = sqrtf(v * v + 0.25f) * 0.7f;
            v *= edge_weight();
        } else {
            v = v * v;
        }
        out[y * w + x] = v;
    }
}

static float *deviceEnergies(int n, unsigned seed)
{
    std::vector<float> h(n);
    for (float &e : h)
        e = (float)((seed = seed * 1664525u + 1013904223u) >> 9) / 8388608.0f;
    float *d;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    CHECK(cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    return d;
}

int main(int argc, char **argv)
{
    const int steps = argc > 1 ? std::atoi(argv[1]) : 64,
              n = argc > 2 ? std::atoi(argv[2]) : 1 << 20; // a multiple of 256
    float *energy = deviceEnergies(2 * n, 777u);
    unsigned *kind = deviceKeys(2 * n, 4242u);
    float *dose;
    CHECK(cudaMalloc(&dose, 8 * n * sizeof(float)));
    CHECK(cudaMemset(dose, 0, 8 * n * sizeof(float)));

    if (argc > 3 && !std::strcmp(argv[3], "time")) {
        for (int r = 0; r < 10; ++r)
            tally<<<n / BLOCK, BLOCK>>>(energy, kind, dose, steps, n);
        cudaEvent_t a, b;
        CHECK(cudaEventCreate(&a));
        CHECK(cudaEventCreate(&b));
        CHECK(cudaEventRecord(a));
        for (int r = 0; r < 100; ++r)
            tally<<<n / BLOCK, BLOCK>>>(energy, kind, dose, steps, n);
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        std::printf("%.5f\n", ms / 100.0f);
        return 0;
    }

    // 1. Plain launches: the first four of the bucket time both.
    for (int r = 0; r < 6; ++r)
        tally<<<n / BLOCK, BLOCK>>>(energy, kind, dose, steps, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::printf("plain %016llx\n", checksum(dose, n));

    // 2. Twice the particles on a stream of its own.
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    for (int r = 0; r < 5; ++r)
        tally<<<2 * n / BLOCK, BLOCK, 0, s>>>(energy, kind, dose + n, steps, 2 * n);
    CHECK(cudaGetLastError());
    CHECK(cudaStreamSynchronize(s));
    std::printf("stream %016llx\n", checksum(dose + n, 2 * n));

    // 3. Energies and doses in one allocation: the plan's parts would read
    // energies before the branch that an earlier part overwrote (they are
    // apart here, but nothing tells the launcher so): the kernel runs.
    float *pool;
    CHECK(cudaMalloc(&pool, 2 * n * sizeof(float)));
    CHECK(cudaMemcpy(pool, energy, n * sizeof(float), cudaMemcpyDeviceToDevice));
    for (int r = 0; r < 3; ++r)
        tally<<<n / BLOCK, BLOCK>>>(pool, kind, pool + n, steps, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::printf("one allocation %016llx\n", checksum(pool + n, n));

    // 4. A 2-D launch, with a ragged edge.
    const int w = 1000, h = n / 1024;
    dim3 block(32, 8), grid((w + 31) / 32, (h + 7) / 8);
    for (int r = 0; r < 5; ++r)
        glow<<<grid, block>>>(kind, dose + 3 * n, w, h, steps);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::printf("2-D %016llx\n", checksum(dose + 3 * n, w * h));

    // 5. A launch of a new bucket captured into a graph, then replayed.
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    tally<<<n / 2 / BLOCK, BLOCK, 0, s>>>(energy + n, kind + n, dose + 4 * n, steps, n / 2);
    CHECK(cudaStreamEndCapture(s, &graph));
    CHECK(cudaGraphInstantiate(&exec, graph, 0));
    CHECK(cudaGraphLaunch(exec, s));
    CHECK(cudaGetLastError());
    CHECK(cudaStreamSynchronize(s));
    std::printf("graph %016llx\n", checksum(dose + 4 * n, n / 2));

    // 6. Host threads at once, each on its own stream and block size.
    std::vector<std::thread> threads;
    for (int t = 0; t < 3; ++t)
        threads.emplace_back([=] {
            cudaStream_t ts;
            CHECK(cudaStreamCreate(&ts));
            const int b = 32 << t; // at most BLOCK (__launch_bounds__)
            for (int r = 0; r < 5; ++r)
                tally<<<n / b, b, 0, ts>>>(energy, kind + t, dose + (5 + t) * n, steps, n);
            CHECK(cudaGetLastError());
            CHECK(cudaStreamSynchronize(ts));
            CHECK(cudaStreamDestroy(ts));
        });
    for (std::thread &t : threads)
        t.join();
    for (int t = 0; t < 3; ++t)
        std::printf("thread %d %016llx\n", t, checksum(dose + (5 + t) * n, n));

    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphDestroy(graph));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaFree(pool));
    CHECK(cudaFree(dose));
    CHECK(cudaFree(kind));
    CHECK(cudaFree(energy));
    return 0;
}
