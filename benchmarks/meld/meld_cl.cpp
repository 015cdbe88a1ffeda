// benchmarks/meld OpenCL harness, through tdrc's runtime (runtime/cl):
//   meld_cl FILE [small] [reps] [warmup]
// FILE: kernels_cl/NAME[.VARIANT].cl or a tdrc output of one; NAME (up to
// the first dot) picks the launch schedule below, the same as bench_launch
// in kernels/NAME.cu.  With tdrc --keep-original's output the runtime
// chooses per launch (TDR_CHOOSE, TDR_LOG).  Prints one line per case,
// "CASE ms checksum det", as meld_main.cu: the median wall time of `reps`
// repetitions (default 11) after `warmup` (default 8), each bracketed by
// clFinish; the FNV-1a hash of buf, tmp and out; NONDET when the first
// repetition's hash differs.  small: n = 1 << 14 instead of 1 << 22.
// MELD_DUMP=PREFIX also writes buf, tmp and out (raw words) after the last
// repetition to PREFIX.CASE.bin, to see where two variants differ.
#include "tdrc/runtime/Runtime.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace tdrc::rt;

struct Env {
    Context C;
    Program P;
    int n;
    Buffer In, Inf, Buf, Tmp, Out;
    cl_mem T[4]; // tmp's four quarters of n words (d.tmp + k * n in CUDA)
    std::map<std::string, Kernel> K;
    Buffer *Starts = nullptr;
    int nstarts = 0;
};

static void setOne(Kernel &K, cl_uint I, const Buffer &B) { K.setArg(I, B); }
static void setOne(Kernel &K, cl_uint I, cl_mem M) { K.setArg(I, sizeof M, &M); }
template <typename T> static void setOne(Kernel &K, cl_uint I, const T &V) { K.setArg(I, sizeof V, &V); }
static void setArgs(Kernel &, cl_uint) {}
template <typename T, typename... R> static void setArgs(Kernel &K, cl_uint I, const T &V, const R &...Rest)
{
    setOne(K, I, V);
    setArgs(K, I + 1, Rest...);
}

static size_t roundUp(size_t A, size_t B) { return (A + B - 1) / B * B; }

template <typename... A>
static void launch(Env &E, const char *Name, std::vector<size_t> G, std::vector<size_t> L, const A &...Args)
{
    auto It = E.K.find(Name);
    if (It == E.K.end())
        It = E.K.emplace(Name, E.P.kernel(Name)).first;
    setArgs(It->second, 0, Args...);
    It->second.launch(G, L);
}

// NQU's start placements (kernels/NQU.cu): the first k rows of an nq board.
static void nqEnumerate(int Row, int K, unsigned Full, unsigned C, unsigned L, unsigned R,
                        std::vector<unsigned> &Out)
{
    if (Row == K) {
        Out.insert(Out.end(), {C, L, R});
        return;
    }
    for (unsigned Av = Full & ~(C | L | R); Av != 0; Av &= Av - 1) {
        const unsigned B = Av & (0u - Av);
        nqEnumerate(Row + 1, K, Full, C | B, ((L | B) << 1) & Full, (R | B) >> 1, Out);
    }
}

static int squareDim(int N)
{
    int Dim = 1;
    while (4 * Dim * Dim <= N)
        Dim *= 2;
    return Dim;
}

// One repetition of case C of benchmark Name, as bench_launch does it.
static void runBench(Env &E, const std::string &Name, int C)
{
    const int n = E.n;
    if (Name == "BIT") {
        const unsigned N = n / 4;
        for (unsigned k = 2; k <= N; k <<= 1)
            for (unsigned j = k >> 1; j > 0; j >>= 1)
                launch(E, "bitonic_step", {roundUp(N, 256)}, {256}, E.Buf, j, k, N);
    } else if (Name == "PCM") {
        launch(E, "pcm_merge_split", {size_t(n / 8)}, {128}, E.In, E.Out);
    } else if (Name == "MS") {
        const size_t G = roundUp(n / 8, 256);
        cl_mem Src = E.Buf.get(), Dst = E.T[0];
        launch(E, "ms_sort_runs", {G}, {256}, Src, n);
        for (int w = 8; w < n; w *= 2) {
            launch(E, "ms_merge", {G}, {256}, Src, Dst, w, n);
            std::swap(Src, Dst);
        }
    } else if (Name == "LUD") {
        const int Dim = squareDim(n), BS = 16;
        launch(E, "lud_init", {roundUp(Dim, 128), size_t(Dim)}, {128, 1}, E.Buf, E.Inf, Dim);
        for (int Off = 0; Off < Dim - BS; Off += BS)
            launch(E, "lud_perimeter", {size_t((Dim - Off) / BS - 1) * 2 * BS}, {size_t(2 * BS)}, E.Buf, Dim,
                   Off);
    } else if (Name == "NQU") {
        const int Nq = n >= (1 << 20) ? 15 : 9, K = n >= (1 << 20) ? 5 : 3;
        if (!E.Starts) {
            std::vector<unsigned> S;
            nqEnumerate(0, K, (1u << Nq) - 1, 0, 0, 0, S);
            E.nstarts = int(S.size() / 3);
            S.resize(S.size() + 3);
            E.Starts = new Buffer(E.C, S);
        }
        launch(E, "nqueen_count", {roundUp(E.nstarts, 128)}, {128}, *E.Starts, E.Out, Nq - K,
               (1u << Nq) - 1, E.nstarts);
    } else if (Name == "DCT") {
        launch(E, "dct_init", {roundUp(n, 256)}, {256}, E.Buf, E.In, n);
        for (int p = 0; p < 128; ++p)
            launch(E, "dct_quantize", {1024, size_t(n / 1024)}, {16, 16}, E.Buf, 1024, 25 + 25 * (p & 7));
    } else if (Name == "SRAD") {
        const int Dim = squareDim(n), Count = Dim * Dim;
        launch(E, "srad_prepare", {roundUp(Count, 256)}, {256}, E.Buf, E.Inf, Count);
        for (int t = 0; t < 24; ++t) {
            const float Q0 = 0.5f * std::exp(-(float)t / 8.0f);
            launch(E, "srad_coeff", {size_t(Dim), size_t(Dim)}, {16, 16}, E.Buf, E.Out, E.T[0], E.T[1],
                   E.T[2], E.T[3], Dim, Dim, Q0 * Q0);
            launch(E, "srad_update", {size_t(Dim), size_t(Dim)}, {16, 16}, E.Buf, E.Out, E.T[0], E.T[1],
                   E.T[2], E.T[3], Dim, Dim, 0.5f);
        }
    } else if (Name == "SB1") {
        launch(E, C ? "sb1_tid" : "sb1_key", {roundUp(n, 256)}, {256}, E.In, E.Inf, E.Out, 256, n);
    } else if (Name == "SB2") {
        launch(E, C ? "sb2_tid" : "sb2_key", {roundUp(n, 256)}, {256}, E.In, E.Inf, E.Out, E.T[0], 64, n);
    } else if (Name == "SB3") {
        launch(E, C ? "sb3_tid" : "sb3_key", {roundUp(n, 256)}, {256}, E.In, E.Inf, E.Out, 128, n);
    } else if (Name == "SB4") {
        launch(E, C ? "sb4_tid" : "sb4_key", {roundUp(n, 256)}, {256}, E.In, E.Inf, E.Out, E.T[0], 256, n);
    } else if (Name == "SW4") {
        launch(E, C ? "sw4_tid" : "sw4_key", {roundUp(n, 256)}, {256}, E.In, E.Inf, E.Out, 256, n);
    } else {
        throw Error("meld_cl: no launch schedule for '" + Name + "'");
    }
}

static unsigned long long hashWords(const std::vector<unsigned> &V, unsigned long long H)
{
    for (unsigned W : V)
        H = (H ^ W) * 1099511628211ull;
    return H;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [small] [reps] [warmup]\n", argv[0]);
        return 2;
    }
    const std::string File = argv[1];
    std::string Name = File.substr(File.find_last_of('/') + 1);
    Name = Name.substr(0, Name.find('.'));
    const bool Small = argc > 2 && !std::strcmp(argv[2], "small");
    const int Reps = std::max(1, argc > 3 ? std::atoi(argv[3]) : 11);
    const int Warmup = std::max(0, argc > 4 ? std::atoi(argv[4]) : 8);
    const int n = Small ? 1 << 14 : 1 << 22;
    const bool TwoCases = Name.size() == 3 && (Name.compare(0, 2, "SB") == 0 || Name.compare(0, 2, "SW") == 0);
    std::mt19937 Rng(12345); // the same words and floats as meld_main.cu
    std::vector<unsigned> In(n);
    std::vector<float> Inf(n);
    for (int i = 0; i < n; ++i) {
        In[i] = (unsigned)Rng();
        Inf[i] = (float)(Rng() & 0xffffff) / 16777216.0f;
    }
    try {
        Context C = Context::createDefault(/*Profiling=*/false);
        Env E{C, Program::fromFile(C, File), n, Buffer(C, In), Buffer(C, Inf),
              Buffer(C, n * sizeof(unsigned)), Buffer(C, 4 * (size_t)n * sizeof(unsigned)),
              Buffer(C, n * sizeof(unsigned)), {}, {}};
        for (int k = 0; k < 4; ++k) {
            cl_buffer_region R = {k * (size_t)n * sizeof(unsigned), (size_t)n * sizeof(unsigned)};
            cl_int Err = 0;
            E.T[k] = clCreateSubBuffer(E.Tmp.get(), CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &R, &Err);
            if (Err != CL_SUCCESS)
                throw ClError(Err, "clCreateSubBuffer");
        }
        cl_command_queue Q = C.queue();
        auto checksum = [&]() {
            C.finish();
            return hashWords(E.Out.read<unsigned>(),
                             hashWords(E.Tmp.read<unsigned>(), hashWords(E.Buf.read<unsigned>(), 1469598103934665603ull)));
        };
        for (int c = 0; c < (TwoCases ? 2 : 1); ++c) {
            std::vector<double> Ms;
            unsigned long long First = 0;
            for (int r = 0; r < Warmup + Reps; ++r) {
                const unsigned Zero = 0;
                clEnqueueCopyBuffer(Q, E.In.get(), E.Buf.get(), 0, 0, n * sizeof(unsigned), 0, nullptr, nullptr);
                clEnqueueFillBuffer(Q, E.Tmp.get(), &Zero, sizeof Zero, 0, 4 * (size_t)n * sizeof(unsigned), 0,
                                    nullptr, nullptr);
                clEnqueueFillBuffer(Q, E.Out.get(), &Zero, sizeof Zero, 0, n * sizeof(unsigned), 0, nullptr, nullptr);
                C.finish();
                auto T0 = std::chrono::steady_clock::now();
                runBench(E, Name, c);
                C.finish();
                if (r >= Warmup)
                    Ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - T0).count());
                if (r == 0)
                    First = checksum();
            }
            const unsigned long long Last = checksum();
            if (const char *Dump = std::getenv("MELD_DUMP")) {
                const std::string Path = std::string(Dump) + "." + (TwoCases ? (c ? "tid" : "key") : "-") + ".bin";
                if (std::FILE *F = std::fopen(Path.c_str(), "wb")) {
                    for (const Buffer *B : {&E.Buf, &E.Tmp, &E.Out}) {
                        const std::vector<unsigned> V = B->read<unsigned>();
                        std::fwrite(V.data(), sizeof(unsigned), V.size(), F);
                    }
                    std::fclose(F);
                }
            }
            std::sort(Ms.begin(), Ms.end());
            std::printf("%s %.5f %016llx %s\n", TwoCases ? (c ? "tid" : "key") : "-", Ms[Ms.size() / 2], Last,
                        First == Last ? "det" : "NONDET");
            std::fflush(stdout);
        }
        for (cl_mem M : E.T)
            clReleaseMemObject(M);
        delete E.Starts;
    } catch (const std::exception &Ex) {
        std::fprintf(stderr, "meld_cl: %s: %s\n", File.c_str(), Ex.what());
        return 2;
    }
    return 0;
}
