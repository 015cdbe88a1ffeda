// The CUDA launcher that tdrc writes (--keep-original, the default) under
// the launches real programs make: plain launches (the first ones explore),
// a launch captured into a CUDA graph while its bucket is still undecided
// (the launcher must not synchronise there: the capture would be
// invalidated), and launches from several host threads at once, each on its
// own stream and in a bucket of its own; and launches through
// cudaLaunchKernelEx with a launch attribute (K_tdr_launch_ex).  Prints one checksum per phase and
// exits 1 on any CUDA error; run_launcher_check.sh compares the checksums
// with those of TDR_CHOOSE=original (bit for bit) and runs it under
// compute-sanitizer.
#include "check_util.h"
#include <thread>
#include <vector>

// Two paths of different work, chosen by a loaded key: tdrc remaps it.
__global__ void mix_steps(const unsigned *key, float *out, int len, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned k = key[i];
    float v = (float)(k & 1023u) * 0.001f;
    if (k & 1u) {
        for (int s = 0; s < len; ++s)
            v = v * 0.999f + 0.5f;
    } else {
        for (int s = 0; s < len; ++s)
            v = sqrtf(v + 1.0f) * 0.75f;
    }
    out[i] = v;
}

int main(int argc, char **argv)
{
    const int len = argc > 1 ? std::atoi(argv[1]) : 64,
              n = argc > 2 ? std::atoi(argv[2]) : 1 << 20; // a multiple of 256
    unsigned *key = deviceKeys(n, 12345u);
    float *out;
    CHECK(cudaMalloc(&out, 7 * n * sizeof(float)));

    // 1. Plain launches: the first four of the bucket explore.
    for (int r = 0; r < 8; ++r)
        mix_steps<<<n / 256, 256>>>(key, out, len, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::printf("plain %016llx\n", checksum(out, n));

    // 2. A launch captured into a graph, in a bucket nobody decided yet.
    cudaStream_t s;
    cudaGraph_t g;
    cudaGraphExec_t ge;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    mix_steps<<<n / 128, 128, 0, s>>>(key, out + n, len, n);
    CHECK(cudaStreamEndCapture(s, &g));
    CHECK(cudaGraphInstantiate(&ge, g, 0));
    for (int r = 0; r < 3; ++r)
        CHECK(cudaGraphLaunch(ge, s));
    CHECK(cudaStreamSynchronize(s));
    std::printf("graph %016llx\n", checksum(out + n, n));

    // 3. Four host threads, each its own stream and block size.
    std::vector<std::thread> ts;
    std::vector<int> bad(4, 0);
    for (int t = 0; t < 4; ++t)
        ts.emplace_back([&, t] {
            cudaStream_t ts_;
            if (cudaStreamCreate(&ts_) != cudaSuccess) { bad[t] = 1; return; }
            int b = 32 << t; // 32, 64, 128, 256
            for (int r = 0; r < 8; ++r)
                mix_steps<<<n / b, b, 0, ts_>>>(key, out + (2 + t) * n, len, n);
            bad[t] = cudaStreamSynchronize(ts_) != cudaSuccess ||
                     cudaStreamDestroy(ts_) != cudaSuccess;
        });
    for (std::thread &t : ts)
        t.join();
    for (int t = 0; t < 4; ++t) {
        if (bad[t]) {
            std::fprintf(stderr, "thread %d: a CUDA call failed\n", t);
            return 1;
        }
        std::printf("thread%d %016llx\n", t, checksum(out + (2 + t) * n, n));
    }
    // 4. cudaLaunchKernelEx with a config and a launch attribute
    // (programmatic stream serialization), in a bucket of its own.
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(n / 64);
    cfg.blockDim = dim3(64);
    cfg.stream = s;
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr[0].val.programmaticStreamSerializationAllowed = 1;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    for (int r = 0; r < 8; ++r)
        CHECK(cudaLaunchKernelEx(&cfg, mix_steps, key, out + 6 * n, len, n));
    CHECK(cudaStreamSynchronize(s));
    std::printf("launch_ex %016llx\n", checksum(out + 6 * n, n));

    CHECK(cudaGraphExecDestroy(ge));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaFree(key));
    CHECK(cudaFree(out));
    return 0;
}
