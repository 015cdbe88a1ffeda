// benchmarks/choice OpenCL harness, through tdrc's runtime (runtime/cl):
//   choice_cl FILE KERNEL LEN PATH [sorted]
// FILE is an original .cl or a tdrc output (.tdr.cl); with --keep-original's
// output the runtime chooses per launch (TDR_CHOOSE, TDR_LOG).  Prints
// "ms_per_launch checksum" over 20 launches after 24 warm-up launches (the choice's trials: up to 16).
// Kernel arguments: keys, x, outf, outu, len, n.  PATH: the path a key takes,
// M for (key & M), %M for (key % M); sorted: keys ordered by path within
// each work-group of 256 (the ideal).
#include "tdrc/runtime/Runtime.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

int main(int argc, char **argv)
{
    if (argc < 5) { std::fprintf(stderr, "usage: %s FILE KERNEL LEN PATH [sorted]\n", argv[0]); return 2; }
    const int len = std::atoi(argv[3]);
    const bool modulo = argv[4][0] == '%';
    const int m = std::atoi(argv[4] + modulo);
    if (m < 1) { std::fprintf(stderr, "choice_cl: PATH '%s': M or %%M, M >= 1\n", argv[4]); return 2; }
    auto path = [modulo, m](int key) { return modulo ? key % m : key & m; };
    const bool sorted = argc > 5 && !std::strcmp(argv[5], "sorted");
    const int n = 1 << 22, reps = 20;
    std::mt19937 rng(12345);
    std::vector<int> keys(n);
    std::vector<float> x(n);
    for (int i = 0; i < n; ++i) {
        keys[i] = (int)(rng() & 0x7fffffff);
        x[i] = (float)(rng() & 0xffffff) / 16777216.0f;
    }
    if (sorted)
        for (int b = 0; b < n; b += 256) {
            std::vector<std::pair<int, float>> kv;
            for (int i = b; i < b + 256; ++i) kv.push_back({keys[i], x[i]});
            std::stable_sort(kv.begin(), kv.end(), [&path](auto &a, auto &c) {
                return path(a.first) < path(c.first);
            });
            for (int i = 0; i < 256; ++i) { keys[b + i] = kv[i].first; x[b + i] = kv[i].second; }
        }
    try {
        using namespace tdrc::rt;
        Context C = Context::createDefault(/*Profiling=*/true);
        Program P = Program::fromFile(C, argv[1]);
        Kernel K = P.kernel(argv[2]);
        Buffer Keys(C, keys), X(C, x);
        Buffer OutF(C, std::vector<float>(n, 0.0f)), OutU(C, std::vector<unsigned>(n, 0u));
        K.setArg(0, Keys); K.setArg(1, X); K.setArg(2, OutF); K.setArg(3, OutU);
        K.setArg(4, len); K.setArg(5, n);
        for (int i = 0; i < 24; ++i)
            K.launch({size_t(n)}, {256});
        clFinish(C.queue());
        auto T0 = std::chrono::steady_clock::now();
        for (int i = 0; i < reps; ++i)
            K.launch({size_t(n)}, {256});
        clFinish(C.queue());
        double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - T0).count();
        std::vector<unsigned> of = OutF.read<unsigned>(), ou = OutU.read<unsigned>();
        unsigned long long sum = 1469598103934665603ull;
        for (int i = 0; i < n; ++i)
            sum = (sum ^ of[i] ^ ((unsigned long long)ou[i] << 32)) * 1099511628211ull;
        std::printf("%.5f %016llx\n", Ms / reps, sum);
    } catch (const std::exception &E) {
        std::fprintf(stderr, "choice_cl: %s\n", E.what());
        return 2;
    }
    return 0;
}
