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
enum TdrMode { TdrMeasure, TdrModel, TdrRewritten, TdrOriginal };
/* TDR_DISABLE: the original always; TDR_CHOOSE=measure|model|rewritten|original */
inline TdrMode tdr_mode() {
  const char *tdr_d = std::getenv("TDR_DISABLE"), *tdr_c = std::getenv("TDR_CHOOSE");
  if (tdr_d && *tdr_d && std::strcmp(tdr_d, "0")) return TdrOriginal;
  if (!tdr_c || !*tdr_c || !std::strcmp(tdr_c, "measure")) return TdrMeasure;
  if (!std::strcmp(tdr_c, "model")) return TdrModel;
  if (!std::strcmp(tdr_c, "rewritten")) return TdrRewritten;
  if (!std::strcmp(tdr_c, "original")) return TdrOriginal;
  std::fprintf(stderr, "tdrc: TDR_CHOOSE=%s is not measure, model, rewritten or original; measuring\n", tdr_c);
  return TdrMeasure;
}
inline bool tdr_logging() {
  const char *tdr_l = std::getenv("TDR_LOG");
  return tdr_l && *tdr_l && std::strcmp(tdr_l, "0");
}
struct TdrBucket { float tdr_best[2] = {-1.0f, -1.0f}; int tdr_runs[2] = {0, 0}; int tdr_pick = -1; };
struct TdrLaunch { bool tdr_remapped; TdrBucket *tdr_b; cudaEvent_t tdr_start, tdr_stop; };
class TdrKernel {
public:
  /* tdr_keep: the rewrite is kept if it takes less than tdr_keep x the original.
     tdr_measured_only: no model; only a measurement picks the rewrite. */
  explicit TdrKernel(const char *tdr_kernel_name, float tdr_keep_below = 0.99f,
                     bool tdr_measured = false)
      : tdr_name(tdr_kernel_name), tdr_m(tdr_mode()), tdr_keep(tdr_keep_below),
        tdr_measured_only(tdr_measured) {}
  /* Which variant this launch runs; times it while its bucket is undecided. */
  TdrLaunch tdr_begin(bool tdr_pays, const double *tdr_k, unsigned tdr_n, cudaStream_t tdr_s) {
    TdrLaunch tdr_l = {tdr_m == TdrRewritten || (tdr_m != TdrOriginal && tdr_pays && !tdr_measured_only),
                nullptr, nullptr, nullptr};
    if (tdr_no_rewrite.load()) { tdr_l.tdr_remapped = false; return tdr_l; }
    if (tdr_m != TdrMeasure || !tdr_pays) return tdr_l; /* the rewrite cannot pay: no trial */
    int tdr_dev = 0; /* each GPU decides for itself */
    if (cudaGetDevice(&tdr_dev) != cudaSuccess) return tdr_l;
    std::lock_guard<std::mutex> tdr_lock(tdr_mu); /* launches from several threads */
    /* The bucket that settled last, again (a sort's hundreds of short
       steps): no allocation and no search, as cheap as no choice. */
    bool tdr_same = tdr_last && tdr_last->first.back() == (double)tdr_dev;
    for (unsigned tdr_i = 0; tdr_same && tdr_i < tdr_n; ++tdr_i) tdr_same = tdr_last->first[tdr_i] == tdr_k[tdr_i];
    if (tdr_same) {
      tdr_l.tdr_remapped = tdr_last->second.tdr_pick == 1;
      return tdr_l;
    }
    std::vector<double> tdr_bucket_key(tdr_k, tdr_k + tdr_n);
    tdr_bucket_key.push_back((double)tdr_dev);
    std::map<std::vector<double>, TdrBucket>::iterator tdr_it = tdr_buckets.find(tdr_bucket_key);
    if (tdr_it == tdr_buckets.end()) {
      if (tdr_buckets.size() >= 256) return tdr_l; /* too many buckets: the model */
      tdr_it = tdr_buckets.insert(std::make_pair(tdr_bucket_key, TdrBucket())).first;
    }
    TdrBucket &tdr_b = tdr_it->second;
    if (tdr_b.tdr_pick >= 0) { tdr_last = &*tdr_it; tdr_l.tdr_remapped = tdr_b.tdr_pick == 1; return tdr_l; }
    /* A stream being captured into a graph cannot be synchronised: the model. */
    cudaStreamCaptureStatus tdr_capture = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(tdr_s, &tdr_capture) != cudaSuccess ||
        tdr_capture != cudaStreamCaptureStatusNone) return tdr_l;
    tdr_l.tdr_remapped = tdr_b.tdr_runs[1] <= tdr_b.tdr_runs[0]; /* alternate, the rewrite first */
    if (cudaEventCreate(&tdr_l.tdr_start) != cudaSuccess) return tdr_l;
    if (cudaEventCreate(&tdr_l.tdr_stop) != cudaSuccess) { cudaEventDestroy(tdr_l.tdr_start); return tdr_l; }
    tdr_l.tdr_b = &tdr_b;
    cudaEventRecord(tdr_l.tdr_start, tdr_s);
    return tdr_l;
  }
  /* After the launch: its time, and the bucket's pick once both ran twice. */
  void tdr_end(const TdrLaunch &tdr_l, cudaStream_t tdr_s) {
    if (!tdr_l.tdr_b) return;
    float tdr_ms = -1.0f;
    cudaEventRecord(tdr_l.tdr_stop, tdr_s);
    if (cudaEventSynchronize(tdr_l.tdr_stop) != cudaSuccess ||
        cudaEventElapsedTime(&tdr_ms, tdr_l.tdr_start, tdr_l.tdr_stop) != cudaSuccess) tdr_ms = -1.0f;
    cudaEventDestroy(tdr_l.tdr_start);
    cudaEventDestroy(tdr_l.tdr_stop);
    std::lock_guard<std::mutex> tdr_lock(tdr_mu);
    TdrBucket &tdr_b = *tdr_l.tdr_b;
    if (tdr_b.tdr_pick >= 0) return; /* settled meanwhile (tdr_cannot_run) */
    int tdr_v = tdr_l.tdr_remapped ? 1 : 0;
    if (tdr_ms < 0.0f) { tdr_b.tdr_pick = 0; return; } /* no timing: the original */
    if (tdr_b.tdr_best[tdr_v] < 0.0f || tdr_ms < tdr_b.tdr_best[tdr_v]) tdr_b.tdr_best[tdr_v] = tdr_ms;
    if (++tdr_b.tdr_runs[tdr_v] < 2 || tdr_b.tdr_runs[1 - tdr_v] < 2) return;
    /* Launches under 0.2 ms jitter by a few percent: a narrow win of the
       rewrite (under 10%) there needs up to 8 samples of each; the bucket
       settles as soon as the original wins or the rewrite wins clearly. */
    const float tdr_o = tdr_b.tdr_best[0], tdr_r = tdr_b.tdr_best[1];
    if (tdr_r < tdr_keep * tdr_o && tdr_r >= 0.9f * tdr_o && (tdr_r < 0.2f || tdr_o < 0.2f) &&
        (tdr_b.tdr_runs[0] < 8 || tdr_b.tdr_runs[1] < 8)) {
      if (tdr_logging() && tdr_b.tdr_runs[0] + tdr_b.tdr_runs[1] == 4)
        std::fprintf(stderr, "tdrc: %s: original %.4f ms, rewritten %.4f ms: a narrow win on short launches, up to 8 samples of each\n",
                     tdr_name, tdr_o, tdr_r);
      return;
    }
    tdr_b.tdr_pick = tdr_r < tdr_keep * tdr_o ? 1 : 0;
    if (tdr_logging())
      std::fprintf(stderr, "tdrc: %s: original %.4f ms, rewritten %.4f ms -> %s\n",
                   tdr_name, tdr_b.tdr_best[0], tdr_b.tdr_best[1], tdr_b.tdr_pick ? "rewritten" : "original");
  }
  /* The rewrite did not launch where the original does (the shared memory
     it adds, beyond what the program set aside): the original from now on,
     every launch of the kernel. */
  void tdr_cannot_run(const TdrLaunch &tdr_l, cudaError_t tdr_e) {
    std::lock_guard<std::mutex> tdr_lock(tdr_mu);
    if (tdr_l.tdr_b) tdr_l.tdr_b->tdr_pick = 0;
    if (!tdr_no_rewrite.exchange(true) && tdr_logging())
      std::fprintf(stderr, "tdrc: %s: the rewrite could not launch (%s) -> original from now on\n",
                   tdr_name, cudaGetErrorString(tdr_e));
  }
private:
  std::atomic<bool> tdr_no_rewrite{false};
  const char *tdr_name;
  TdrMode tdr_m;
  float tdr_keep;
  bool tdr_measured_only;
  std::mutex tdr_mu;
  std::map<std::vector<double>, TdrBucket> tdr_buckets;
  const std::pair<const std::vector<double>, TdrBucket> *tdr_last = nullptr;
};
/* A launch with more than 48 KiB of dynamic shared memory needs the
   kernel's cudaFuncAttributeMaxDynamicSharedMemorySize raised; the program
   raised it on the kernel it names, the rewrite, where the shared memory
   the rewrite adds may have made that fail.  tdr_fits: whether the rewrite
   can take this launch; tdr_allow_smem: the original takes it (a failure
   leaves the program's error state as it was). */
inline bool tdr_fits(const void *tdr_f, size_t tdr_shmem) {
  if (tdr_shmem <= 48u * 1024u) return true;
  cudaFuncAttributes tdr_a;
  if (cudaFuncGetAttributes(&tdr_a, tdr_f) != cudaSuccess) { (void)cudaGetLastError(); return false; }
  return tdr_shmem <= (size_t)tdr_a.maxDynamicSharedSizeBytes;
}
/* The program's cudaFuncSetAttribute(K, ...), tdrc's way: on the original
   as written (its result is the call's), then on the rewrite, whose
   failure (its added shared memory) is not the program's. */
inline cudaError_t tdr_func_set_attribute(const void *tdr_rewritten, const void *tdr_original,
                                          cudaFuncAttribute tdr_attr, int tdr_value) {
  const cudaError_t tdr_e = cudaFuncSetAttribute(tdr_original, tdr_attr, tdr_value);
  if (tdr_e != cudaSuccess) return tdr_e;
  /* A limit the rewrite's own shared memory leaves no room for is not set
     on it (no failed call for compute-sanitizer to report): its launches
     then go to the original (tdr_fits). */
  if (tdr_attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    cudaFuncAttributes tdr_a;
    int tdr_dev = 0, tdr_most = 0;
    if (cudaFuncGetAttributes(&tdr_a, tdr_rewritten) != cudaSuccess || cudaGetDevice(&tdr_dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&tdr_most, cudaDevAttrMaxSharedMemoryPerBlockOptin, tdr_dev) != cudaSuccess) {
      (void)cudaGetLastError();
      return tdr_e;
    }
    if (tdr_a.sharedSizeBytes + (size_t)tdr_value > (size_t)tdr_most) return tdr_e;
  }
  if (cudaFuncSetAttribute(tdr_rewritten, tdr_attr, tdr_value) != cudaSuccess)
    (void)cudaGetLastError();
  return tdr_e;
}
inline void tdr_allow_smem(const void *tdr_f, size_t tdr_shmem) {
  if (tdr_shmem > 48u * 1024u &&
      cudaFuncSetAttribute(tdr_f, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)tdr_shmem) != cudaSuccess)
    (void)cudaGetLastError();
}
/* Split plans (docs/split.md).  The allocation a device pointer lies in,
   by the driver's cuMemGetAddressRange, found through the runtime so that
   the program need not link libcuda; null before CUDA 11.3. */
typedef int (*TdrAddressRange)(unsigned long long *, size_t *, unsigned long long);
inline TdrAddressRange tdr_address_range() {
  static const TdrAddressRange tdr_f = [] {
    void *tdr_p = nullptr;
#if defined(CUDART_VERSION) && CUDART_VERSION >= 12050
    cudaDriverEntryPointQueryResult tdr_q;
    if (cudaGetDriverEntryPointByVersion("cuMemGetAddressRange", &tdr_p, 12000,
                                         cudaEnableDefault, &tdr_q) != cudaSuccess ||
        tdr_q != cudaDriverEntryPointSuccess) tdr_p = nullptr;
#elif defined(CUDART_VERSION) && CUDART_VERSION >= 12000
    cudaDriverEntryPointQueryResult tdr_q;
    if (cudaGetDriverEntryPoint("cuMemGetAddressRange", &tdr_p, cudaEnableDefault,
                                &tdr_q) != cudaSuccess ||
        tdr_q != cudaDriverEntryPointSuccess) tdr_p = nullptr;
#elif defined(CUDART_VERSION) && CUDART_VERSION >= 11030
    if (cudaGetDriverEntryPoint("cuMemGetAddressRange", &tdr_p, cudaEnableDefault)
        != cudaSuccess) tdr_p = nullptr;
#endif
    return (TdrAddressRange)tdr_p;
  }();
  return tdr_f;
}
/* Whether a buffer the plan reads before its branch (tdr_a) may be memory the
   kernel writes (tdr_b): the same allocation, or one that cannot be found. */
inline bool tdr_may_overlap(const void *tdr_a, const void *tdr_b) {
  if (!tdr_a || !tdr_b) return false;
  if (tdr_a == tdr_b) return true;
  TdrAddressRange tdr_f = tdr_address_range();
  unsigned long long tdr_base_a = 0, tdr_base_b = 0;
  size_t tdr_size_a = 0, tdr_size_b = 0;
  if (!tdr_f || tdr_f(&tdr_base_a, &tdr_size_a, (unsigned long long)tdr_a) != 0 ||
      tdr_f(&tdr_base_b, &tdr_size_b, (unsigned long long)tdr_b) != 0)
    return true; /* the driver's errors do not reach cudaGetLastError */
  return tdr_base_a == tdr_base_b;
}
/* TDR_LOG: what a launcher ran, said the first time it runs it. */
inline void tdr_note(std::atomic<unsigned> &tdr_said, unsigned tdr_what, const char *tdr_kernel_name,
                 const char *tdr_text) {
  if (tdr_logging() && !(tdr_said.fetch_or(tdr_what) & tdr_what))
    std::fprintf(stderr, "tdrc: %s: %s\n", tdr_kernel_name, tdr_text);
}
/* The lists buffer of a plan over per-path lists: tdr_paths counts, zeroed here
   on the stream, then tdr_paths lists of one entry per work-item.  One buffer per
   device and stream (at most 8), grown on demand; tdr_hold keeps other host
   threads from zeroing the counts until this launch's kernels are queued.
   Null (the launch runs the per-path plan) while the stream is captured,
   when the launch has 2^32 work-items or more, or memory runs out. */
class TdrLists {
public:
  unsigned int *tdr_get(unsigned tdr_paths, dim3 tdr_g, dim3 tdr_b, cudaStream_t tdr_s,
                    std::unique_lock<std::mutex> &tdr_hold) {
    unsigned long long tdr_items = (unsigned long long)tdr_g.x * tdr_g.y * tdr_g.z *
                               tdr_b.x * tdr_b.y * tdr_b.z;
    if (tdr_items == 0 || tdr_items >= 0xffffffffull) return nullptr;
    cudaStreamCaptureStatus tdr_capture = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(tdr_s, &tdr_capture) != cudaSuccess ||
        tdr_capture != cudaStreamCaptureStatusNone) return nullptr;
    int tdr_dev = 0;
    if (cudaGetDevice(&tdr_dev) != cudaSuccess) return nullptr;
    tdr_hold = std::unique_lock<std::mutex>(tdr_mu);
    std::map<std::pair<int, void *>, TdrBuffer>::iterator tdr_it =
        tdr_of.find(std::make_pair(tdr_dev, (void *)tdr_s));
    if (tdr_it == tdr_of.end()) {
      if (tdr_of.size() >= 8) return nullptr;
      tdr_it = tdr_of.insert(std::make_pair(std::make_pair(tdr_dev, (void *)tdr_s), TdrBuffer())).first;
    }
    TdrBuffer &tdr_buf = tdr_it->second;
    size_t tdr_need = (size_t)(tdr_paths + tdr_paths * tdr_items) * sizeof(unsigned int);
    if (tdr_buf.tdr_bytes < tdr_need) {
      if (tdr_buf.tdr_p) cudaFree(tdr_buf.tdr_p); /* waits for the launches that used it */
      tdr_buf.tdr_p = nullptr;
      tdr_buf.tdr_bytes = 0;
      if (cudaMalloc((void **)&tdr_buf.tdr_p, tdr_need) != cudaSuccess) {
        cudaGetLastError();
        tdr_buf.tdr_p = nullptr;
        return nullptr;
      }
      tdr_buf.tdr_bytes = tdr_need;
    }
    if (cudaMemsetAsync(tdr_buf.tdr_p, 0, tdr_paths * sizeof(unsigned int), tdr_s) != cudaSuccess)
      return nullptr;
    return tdr_buf.tdr_p;
  }
private:
  struct TdrBuffer { unsigned int *tdr_p = nullptr; size_t tdr_bytes = 0; };
  std::mutex tdr_mu;
  std::map<std::pair<int, void *>, TdrBuffer> tdr_of;
};
} // namespace tdr_choice
#endif
)";


} // namespace

const char *cudaChoiceSupport() { return Support; }

} // namespace tdrc
