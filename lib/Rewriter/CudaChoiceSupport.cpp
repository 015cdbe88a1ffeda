//===- CudaChoiceSupport.cpp - CUDA: the host code launchers share --------===//
//
// The text every CUDA launcher of a file relies on, written once at file
// scope: the environment (TDR_DISABLE, TDR_CHOOSE, TDR_LOG), the buckets
// and the timing of the launch-time choice, and for split plans the
// aliasing test and the lists buffer.  Guarded, so that a file that
// includes another rewritten file compiles.
//
//===----------------------------------------------------------------------===//
#include "CudaLauncher.h"

namespace tdrc {

namespace {

const char *const Support = R"(
#ifndef TDRC_CHOICE_SUPPORT /* tdrc: the launch-time choice (docs/runtime.md) */
#define TDRC_CHOICE_SUPPORT
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>
namespace tdr_choice {
enum Mode { Measure, Model, Rewritten, Original };
/* TDR_DISABLE: the original always; TDR_CHOOSE=measure|model|rewritten|original */
inline Mode mode() {
  const char *D = std::getenv("TDR_DISABLE"), *C = std::getenv("TDR_CHOOSE");
  if (D && *D && std::strcmp(D, "0")) return Original;
  if (!C || !*C || !std::strcmp(C, "measure")) return Measure;
  if (!std::strcmp(C, "model")) return Model;
  if (!std::strcmp(C, "rewritten")) return Rewritten;
  if (!std::strcmp(C, "original")) return Original;
  std::fprintf(stderr, "tdrc: TDR_CHOOSE=%s is not measure, model, rewritten or original; measuring\n", C);
  return Measure;
}
inline bool logging() {
  const char *L = std::getenv("TDR_LOG");
  return L && *L && std::strcmp(L, "0");
}
struct Bucket { float Best[2] = {-1.0f, -1.0f}; int Runs[2] = {0, 0}; int Pick = -1; };
struct Launch { bool Remapped; Bucket *B; cudaEvent_t Start, Stop; };
class Kernel {
public:
  /* Keep: the rewrite is kept if it takes less than Keep x the original.
     MeasuredOnly: no model; only a measurement picks the rewrite. */
  explicit Kernel(const char *Name, float Keep = 0.99f, bool MeasuredOnly = false)
      : Name(Name), M(mode()), Keep(Keep), MeasuredOnly(MeasuredOnly) {}
  /* Which variant this launch runs; times it while its bucket is undecided. */
  Launch begin(bool Pays, const double *K, unsigned N, cudaStream_t S) {
    Launch L = {M == Rewritten || (M != Original && Pays && !MeasuredOnly),
                nullptr, nullptr, nullptr};
    if (M != Measure || !Pays) return L; /* the rewrite cannot pay: no trial */
    int Dev = 0; /* each GPU decides for itself */
    if (cudaGetDevice(&Dev) != cudaSuccess) return L;
    std::lock_guard<std::mutex> Lock(Mu); /* launches from several threads */
    /* The bucket that settled last, again (a sort's hundreds of short
       steps): no allocation and no search, as cheap as no choice. */
    bool Same = Last && Last->first.back() == (double)Dev;
    for (unsigned I = 0; Same && I < N; ++I) Same = Last->first[I] == K[I];
    if (Same) {
      L.Remapped = Last->second.Pick == 1;
      return L;
    }
    std::vector<double> Key(K, K + N);
    Key.push_back((double)Dev);
    std::map<std::vector<double>, Bucket>::iterator It = Buckets.find(Key);
    if (It == Buckets.end()) {
      if (Buckets.size() >= 256) return L; /* too many buckets: the model */
      It = Buckets.insert(std::make_pair(Key, Bucket())).first;
    }
    Bucket &B = It->second;
    if (B.Pick >= 0) { Last = &*It; L.Remapped = B.Pick == 1; return L; }
    /* A stream being captured into a graph cannot be synchronised: the model. */
    cudaStreamCaptureStatus Capture = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(S, &Capture) != cudaSuccess ||
        Capture != cudaStreamCaptureStatusNone) return L;
    L.Remapped = B.Runs[1] <= B.Runs[0]; /* alternate, the rewrite first */
    if (cudaEventCreate(&L.Start) != cudaSuccess) return L;
    if (cudaEventCreate(&L.Stop) != cudaSuccess) { cudaEventDestroy(L.Start); return L; }
    L.B = &B;
    cudaEventRecord(L.Start, S);
    return L;
  }
  /* After the launch: its time, and the bucket's pick once both ran twice. */
  void end(const Launch &L, cudaStream_t S) {
    if (!L.B) return;
    float Ms = -1.0f;
    cudaEventRecord(L.Stop, S);
    if (cudaEventSynchronize(L.Stop) != cudaSuccess ||
        cudaEventElapsedTime(&Ms, L.Start, L.Stop) != cudaSuccess) Ms = -1.0f;
    cudaEventDestroy(L.Start);
    cudaEventDestroy(L.Stop);
    std::lock_guard<std::mutex> Lock(Mu);
    Bucket &B = *L.B;
    int V = L.Remapped ? 1 : 0;
    if (Ms < 0.0f) { B.Pick = 0; return; } /* no timing: the original */
    if (B.Best[V] < 0.0f || Ms < B.Best[V]) B.Best[V] = Ms;
    if (++B.Runs[V] < 2 || B.Runs[1 - V] < 2) return;
    B.Pick = B.Best[1] < Keep * B.Best[0] ? 1 : 0;
    if (logging())
      std::fprintf(stderr, "tdrc: %s: original %.4f ms, rewritten %.4f ms -> %s\n",
                   Name, B.Best[0], B.Best[1], B.Pick ? "rewritten" : "original");
  }
private:
  const char *Name;
  Mode M;
  float Keep;
  bool MeasuredOnly;
  std::mutex Mu;
  std::map<std::vector<double>, Bucket> Buckets;
  const std::pair<const std::vector<double>, Bucket> *Last = nullptr;
};
/* Split plans (docs/split.md).  The allocation a device pointer lies in,
   by the driver's cuMemGetAddressRange, found through the runtime so that
   the program need not link libcuda; null before CUDA 11.3. */
typedef int (*AddressRange)(unsigned long long *, size_t *, unsigned long long);
inline AddressRange addressRange() {
  static const AddressRange F = [] {
    void *P = nullptr;
#if defined(CUDART_VERSION) && CUDART_VERSION >= 12050
    cudaDriverEntryPointQueryResult Q;
    if (cudaGetDriverEntryPointByVersion("cuMemGetAddressRange", &P, 12000,
                                         cudaEnableDefault, &Q) != cudaSuccess ||
        Q != cudaDriverEntryPointSuccess) P = nullptr;
#elif defined(CUDART_VERSION) && CUDART_VERSION >= 12000
    cudaDriverEntryPointQueryResult Q;
    if (cudaGetDriverEntryPoint("cuMemGetAddressRange", &P, cudaEnableDefault,
                                &Q) != cudaSuccess ||
        Q != cudaDriverEntryPointSuccess) P = nullptr;
#elif defined(CUDART_VERSION) && CUDART_VERSION >= 11030
    if (cudaGetDriverEntryPoint("cuMemGetAddressRange", &P, cudaEnableDefault)
        != cudaSuccess) P = nullptr;
#endif
    return (AddressRange)P;
  }();
  return F;
}
/* Whether a buffer the plan reads before its branch (A) may be memory the
   kernel writes (B): the same allocation, or one that cannot be found. */
inline bool mayOverlap(const void *A, const void *B) {
  if (!A || !B) return false;
  if (A == B) return true;
  AddressRange F = addressRange();
  unsigned long long BaseA = 0, BaseB = 0;
  size_t SizeA = 0, SizeB = 0;
  if (!F || F(&BaseA, &SizeA, (unsigned long long)A) != 0 ||
      F(&BaseB, &SizeB, (unsigned long long)B) != 0)
    return true; /* the driver's errors do not reach cudaGetLastError */
  return BaseA == BaseB;
}
/* TDR_LOG: what a launcher ran, said the first time it runs it. */
inline void note(std::atomic<unsigned> &Said, unsigned What, const char *Kernel,
                 const char *Text) {
  if (logging() && !(Said.fetch_or(What) & What))
    std::fprintf(stderr, "tdrc: %s: %s\n", Kernel, Text);
}
/* The lists buffer of a plan over per-path lists: Paths counts, zeroed here
   on the stream, then Paths lists of one entry per work-item.  One buffer per
   device and stream (at most 8), grown on demand; Hold keeps other host
   threads from zeroing the counts until this launch's kernels are queued.
   Null (the launch runs the per-path plan) while the stream is captured,
   when the launch has 2^32 work-items or more, or memory runs out. */
class Lists {
public:
  unsigned int *get(unsigned Paths, dim3 G, dim3 B, cudaStream_t S,
                    std::unique_lock<std::mutex> &Hold) {
    unsigned long long Items = (unsigned long long)G.x * G.y * G.z *
                               B.x * B.y * B.z;
    if (Items == 0 || Items >= 0xffffffffull) return nullptr;
    cudaStreamCaptureStatus Capture = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(S, &Capture) != cudaSuccess ||
        Capture != cudaStreamCaptureStatusNone) return nullptr;
    int Dev = 0;
    if (cudaGetDevice(&Dev) != cudaSuccess) return nullptr;
    Hold = std::unique_lock<std::mutex>(Mu);
    std::map<std::pair<int, void *>, Buffer>::iterator It =
        Of.find(std::make_pair(Dev, (void *)S));
    if (It == Of.end()) {
      if (Of.size() >= 8) return nullptr;
      It = Of.insert(std::make_pair(std::make_pair(Dev, (void *)S), Buffer())).first;
    }
    Buffer &Buf = It->second;
    size_t Need = (size_t)(Paths + Paths * Items) * sizeof(unsigned int);
    if (Buf.Bytes < Need) {
      if (Buf.P) cudaFree(Buf.P); /* waits for the launches that used it */
      Buf.P = nullptr;
      Buf.Bytes = 0;
      if (cudaMalloc((void **)&Buf.P, Need) != cudaSuccess) {
        cudaGetLastError();
        Buf.P = nullptr;
        return nullptr;
      }
      Buf.Bytes = Need;
    }
    if (cudaMemsetAsync(Buf.P, 0, Paths * sizeof(unsigned int), S) != cudaSuccess)
      return nullptr;
    return Buf.P;
  }
private:
  struct Buffer { unsigned int *P = nullptr; size_t Bytes = 0; };
  std::mutex Mu;
  std::map<std::pair<int, void *>, Buffer> Of;
};
} // namespace tdr_choice
#endif
)";


} // namespace

const char *cudaChoiceSupport() { return Support; }

} // namespace tdrc
