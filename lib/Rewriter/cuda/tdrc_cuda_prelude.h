/* tdrc's minimal CUDA prelude: what device code needs to parse when no CUDA
 * toolkit is usable (none installed, or Clang 19, which cannot parse CUDA 13
 * headers).  tdrc parses with
 *   -x cuda --cuda-device-only -nocudainc -nocudalib
 *   -include __clang_cuda_builtin_vars.h -include <this file>
 * Clang's builtin-vars header gives threadIdx, blockIdx, blockDim, gridDim
 * and warpSize; __syncthreads is a Clang built-in.  Everything else here is a
 * declaration: tdrc never compiles, it only parses and reads names.  Being a
 * system header, nothing declared here is analysed as user code.
 */
#pragma clang system_header
#ifndef TDRC_CUDA_PRELUDE_H
#define TDRC_CUDA_PRELUDE_H

/* Clang's CUDA wrapper of <new> (reached through <vector>, <map>, ...)
   calls ::malloc and ::free, which nvcc's own headers declare first. */
#include <stdlib.h>

#define __CUDACC__ 1
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __grid_constant__

typedef __SIZE_TYPE__ size_t;

/* ---- vector types (vector_types.h) ------------------------------------ */
#define TDRC_VEC(T, N, A2, A4)                                                 \
  struct N##1 { T x; };                                                        \
  struct __align__(A2) N##2 { T x, y; };                                       \
  struct N##3 { T x, y, z; };                                                  \
  struct __align__(A4) N##4 { T x, y, z, w; };                                 \
  static __host__ __device__ inline N##1 make_##N##1(T x) {                    \
    N##1 t; t.x = x; return t;                                                 \
  }                                                                            \
  static __host__ __device__ inline N##2 make_##N##2(T x, T y) {               \
    N##2 t; t.x = x; t.y = y; return t;                                        \
  }                                                                            \
  static __host__ __device__ inline N##3 make_##N##3(T x, T y, T z) {          \
    N##3 t; t.x = x; t.y = y; t.z = z; return t;                               \
  }                                                                            \
  static __host__ __device__ inline N##4 make_##N##4(T x, T y, T z, T w) {     \
    N##4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t;                      \
  }
TDRC_VEC(signed char, char, 2, 4)
TDRC_VEC(unsigned char, uchar, 2, 4)
TDRC_VEC(short, short, 4, 8)
TDRC_VEC(unsigned short, ushort, 4, 8)
TDRC_VEC(int, int, 8, 16)
TDRC_VEC(unsigned int, uint, 8, 16)
TDRC_VEC(long, long, 16, 16)
TDRC_VEC(unsigned long, ulong, 16, 16)
TDRC_VEC(long long, longlong, 16, 16)
TDRC_VEC(unsigned long long, ulonglong, 16, 16)
TDRC_VEC(float, float, 8, 16)
TDRC_VEC(double, double, 16, 16)
#undef TDRC_VEC

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};

/* ---- synchronisation, warps, cached loads and stores ------------------- */
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ unsigned int __activemask(void);
__device__ unsigned int __ballot_sync(unsigned int, int);
__device__ int __any_sync(unsigned int, int);
__device__ int __all_sync(unsigned int, int);
template <typename T> __device__ T __shfl_sync(unsigned int, T, int, int = 32);
template <typename T>
__device__ T __shfl_up_sync(unsigned int, T, unsigned int, int = 32);
template <typename T>
__device__ T __shfl_down_sync(unsigned int, T, unsigned int, int = 32);
template <typename T> __device__ T __shfl_xor_sync(unsigned int, T, int, int = 32);
template <typename T> __device__ unsigned int __match_any_sync(unsigned int, T);
template <typename T>
__device__ unsigned int __match_all_sync(unsigned int, T, int *);
__device__ unsigned int __reduce_add_sync(unsigned int, unsigned int);
__device__ int __reduce_add_sync(unsigned int, int);
__device__ unsigned int __reduce_min_sync(unsigned int, unsigned int);
__device__ int __reduce_min_sync(unsigned int, int);
__device__ unsigned int __reduce_max_sync(unsigned int, unsigned int);
__device__ int __reduce_max_sync(unsigned int, int);
__device__ unsigned int __reduce_and_sync(unsigned int, unsigned int);
__device__ unsigned int __reduce_or_sync(unsigned int, unsigned int);
__device__ unsigned int __reduce_xor_sync(unsigned int, unsigned int);
template <typename T> __device__ T __ldg(const T *);
template <typename T> __device__ T __ldcg(const T *);
template <typename T> __device__ T __ldca(const T *);
template <typename T> __device__ T __ldcs(const T *);
template <typename T> __device__ T __ldlu(const T *);
template <typename T> __device__ T __ldcv(const T *);
template <typename T> __device__ void __stcg(T *, T);
template <typename T> __device__ void __stcs(T *, T);
template <typename T> __device__ void __stwb(T *, T);
template <typename T> __device__ void __stwt(T *, T);
__device__ long long clock64(void);
/* Device printf; it overloads the host one of <cstdio> on its target. */
extern "C" __device__ int printf(const char *, ...);
/* Device assert: <assert.h>'s macro calls __assert_fail, a host function
   there; this one overloads it on its target, as printf above. */
extern "C" __device__ void __assert_fail(const char *, const char *,
                                         unsigned int, const char *);

/* ---- atomics (each also as _block and _system) ------------------------- */
#define TDRC_ATOMIC(R, Name, ...)                                              \
  __device__ R Name(__VA_ARGS__);                                              \
  __device__ R Name##_block(__VA_ARGS__);                                      \
  __device__ R Name##_system(__VA_ARGS__);
#define TDRC_ATOMIC_INTS(Name)                                                 \
  TDRC_ATOMIC(int, Name, int *, int)                                           \
  TDRC_ATOMIC(unsigned int, Name, unsigned int *, unsigned int)                \
  TDRC_ATOMIC(unsigned long long, Name, unsigned long long *,                  \
              unsigned long long)
TDRC_ATOMIC_INTS(atomicAdd)
TDRC_ATOMIC(float, atomicAdd, float *, float)
TDRC_ATOMIC(double, atomicAdd, double *, double)
TDRC_ATOMIC(int, atomicSub, int *, int)
TDRC_ATOMIC(unsigned int, atomicSub, unsigned int *, unsigned int)
TDRC_ATOMIC_INTS(atomicExch)
TDRC_ATOMIC(float, atomicExch, float *, float)
TDRC_ATOMIC_INTS(atomicMin)
TDRC_ATOMIC(long long, atomicMin, long long *, long long)
TDRC_ATOMIC_INTS(atomicMax)
TDRC_ATOMIC(long long, atomicMax, long long *, long long)
TDRC_ATOMIC(unsigned int, atomicInc, unsigned int *, unsigned int)
TDRC_ATOMIC(unsigned int, atomicDec, unsigned int *, unsigned int)
TDRC_ATOMIC(int, atomicCAS, int *, int, int)
TDRC_ATOMIC(unsigned int, atomicCAS, unsigned int *, unsigned int, unsigned int)
TDRC_ATOMIC(unsigned long long, atomicCAS, unsigned long long *,
            unsigned long long, unsigned long long)
TDRC_ATOMIC_INTS(atomicAnd)
TDRC_ATOMIC_INTS(atomicOr)
TDRC_ATOMIC_INTS(atomicXor)
#undef TDRC_ATOMIC_INTS
#undef TDRC_ATOMIC

/* ---- math and integer intrinsics --------------------------------------- */
#define TDRC_F1(Name) static __device__ float Name(float);
#define TDRC_F2(Name) static __device__ float Name(float, float);
#define TDRC_D1(Name) static __device__ double Name(double);
#define TDRC_D2(Name) static __device__ double Name(double, double);
TDRC_F1(sqrtf) TDRC_F1(rsqrtf) TDRC_F1(cbrtf) TDRC_F1(expf) TDRC_F1(exp2f)
TDRC_F1(exp10f) TDRC_F1(expm1f) TDRC_F1(logf) TDRC_F1(log2f) TDRC_F1(log10f)
TDRC_F1(log1pf) TDRC_F1(sinf) TDRC_F1(cosf) TDRC_F1(tanf) TDRC_F1(asinf)
TDRC_F1(acosf) TDRC_F1(atanf) TDRC_F1(sinhf) TDRC_F1(coshf) TDRC_F1(tanhf)
TDRC_F1(fabsf) TDRC_F1(floorf) TDRC_F1(ceilf) TDRC_F1(roundf) TDRC_F1(rintf)
TDRC_F1(truncf) TDRC_F1(erff) TDRC_F1(erfcf) TDRC_F1(lgammaf) TDRC_F1(tgammaf)
TDRC_F1(__expf) TDRC_F1(__logf) TDRC_F1(__log2f) TDRC_F1(__sinf)
TDRC_F1(__cosf) TDRC_F1(__tanf) TDRC_F1(__saturatef) TDRC_F1(__frcp_rn)
TDRC_F1(__fsqrt_rn)
TDRC_F2(atan2f) TDRC_F2(powf) TDRC_F2(fminf) TDRC_F2(fmaxf) TDRC_F2(fmodf)
TDRC_F2(remainderf) TDRC_F2(hypotf) TDRC_F2(copysignf) TDRC_F2(fdimf)
TDRC_F2(__powf) TDRC_F2(__fdividef) TDRC_F2(__fadd_rn) TDRC_F2(__fmul_rn)
TDRC_F2(__fsub_rn) TDRC_F2(__fdiv_rn)
TDRC_D1(sqrt) TDRC_D1(rsqrt) TDRC_D1(cbrt) TDRC_D1(exp) TDRC_D1(exp2)
TDRC_D1(expm1) TDRC_D1(log) TDRC_D1(log2) TDRC_D1(log10) TDRC_D1(log1p)
TDRC_D1(sin) TDRC_D1(cos) TDRC_D1(tan) TDRC_D1(asin) TDRC_D1(acos)
TDRC_D1(atan) TDRC_D1(sinh) TDRC_D1(cosh) TDRC_D1(tanh) TDRC_D1(fabs)
TDRC_D1(floor) TDRC_D1(ceil) TDRC_D1(round) TDRC_D1(rint) TDRC_D1(trunc)
TDRC_D1(erf) TDRC_D1(erfc)
TDRC_D2(atan2) TDRC_D2(pow) TDRC_D2(fmin) TDRC_D2(fmax) TDRC_D2(fmod)
TDRC_D2(hypot) TDRC_D2(copysign)
static __device__ float fmaf(float, float, float);
static __device__ float __fmaf_rn(float, float, float);
static __device__ double fma(double, double, double);
static __device__ void sincosf(float, float *, float *);
static __device__ void __sincosf(float, float *, float *);
#undef TDRC_F1
#undef TDRC_F2
#undef TDRC_D1
#undef TDRC_D2

#define TDRC_MINMAX(T)                                                         \
  static __device__ T min(T, T);                                               \
  static __device__ T max(T, T);
TDRC_MINMAX(int)
TDRC_MINMAX(unsigned int)
TDRC_MINMAX(long long)
TDRC_MINMAX(unsigned long long)
TDRC_MINMAX(float)
TDRC_MINMAX(double)
#undef TDRC_MINMAX
static __device__ int abs(int);
static __device__ long long llabs(long long);
static __device__ unsigned int umin(unsigned int, unsigned int);
static __device__ unsigned int umax(unsigned int, unsigned int);
static __device__ int __popc(unsigned int);
static __device__ int __popcll(unsigned long long);
static __device__ int __clz(int);
static __device__ int __clzll(long long);
static __device__ int __ffs(int);
static __device__ int __ffsll(long long);
static __device__ unsigned int __brev(unsigned int);
static __device__ unsigned long long __brevll(unsigned long long);
static __device__ int __mul24(int, int);
static __device__ unsigned int __umul24(unsigned int, unsigned int);
static __device__ int __mulhi(int, int);
static __device__ unsigned int __umulhi(unsigned int, unsigned int);
static __device__ long long __mul64hi(long long, long long);
static __device__ unsigned long long __umul64hi(unsigned long long,
                                                unsigned long long);
static __device__ unsigned int __sad(int, int, unsigned int);
static __device__ unsigned int __usad(unsigned int, unsigned int, unsigned int);
static __device__ unsigned int __byte_perm(unsigned int, unsigned int,
                                           unsigned int);
static __device__ unsigned int __funnelshift_l(unsigned int, unsigned int,
                                               unsigned int);
static __device__ unsigned int __funnelshift_r(unsigned int, unsigned int,
                                               unsigned int);
static __device__ int __hadd(int, int);
static __device__ int __rhadd(int, int);
static __device__ unsigned int __uhadd(unsigned int, unsigned int);
static __device__ unsigned int __urhadd(unsigned int, unsigned int);
static __device__ int __float2int_rn(float);
static __device__ int __float2int_rz(float);
static __device__ int __float2int_rd(float);
static __device__ int __float2int_ru(float);
static __device__ unsigned int __float2uint_rn(float);
static __device__ unsigned int __float2uint_rz(float);
static __device__ float __int2float_rn(int);
static __device__ float __uint2float_rn(unsigned int);
static __device__ int __float_as_int(float);
static __device__ float __int_as_float(int);
static __device__ unsigned int __float_as_uint(float);
static __device__ float __uint_as_float(unsigned int);
static __device__ long long __double_as_longlong(double);
static __device__ double __longlong_as_double(long long);

/* ---- the host API a .cu file's host code commonly uses ----------------- */
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1,
                 cudaErrorMemoryAllocation = 2, cudaErrorInvalidDevice = 101 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
                      cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
                      cudaMemcpyDefault = 4 };
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
cudaError_t cudaMalloc(void **, size_t);
template <class T> static cudaError_t cudaMalloc(T **p, size_t n) {
  return cudaMalloc((void **)p, n);
}
cudaError_t cudaMallocManaged(void **, size_t, unsigned int = 1);
template <class T>
static cudaError_t cudaMallocManaged(T **p, size_t n, unsigned int f = 1) {
  return cudaMallocManaged((void **)p, n, f);
}
cudaError_t cudaFree(void *);
cudaError_t cudaMemcpy(void *, const void *, size_t, cudaMemcpyKind);
cudaError_t cudaMemcpyAsync(void *, const void *, size_t, cudaMemcpyKind,
                            cudaStream_t = 0);
cudaError_t cudaMemset(void *, int, size_t);
cudaError_t cudaMemsetAsync(void *, int, size_t, cudaStream_t = 0);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t);
cudaError_t cudaSetDevice(int);
cudaError_t cudaGetDevice(int *);
cudaError_t cudaGetDeviceCount(int *);
cudaError_t cudaStreamCreate(cudaStream_t *);
cudaError_t cudaStreamDestroy(cudaStream_t);
cudaError_t cudaStreamSynchronize(cudaStream_t);
enum cudaStreamCaptureStatus { cudaStreamCaptureStatusNone = 0,
                               cudaStreamCaptureStatusActive = 1,
                               cudaStreamCaptureStatusInvalidated = 2 };
cudaError_t cudaStreamIsCapturing(cudaStream_t, cudaStreamCaptureStatus *);
enum cudaStreamCaptureMode { cudaStreamCaptureModeGlobal = 0,
                             cudaStreamCaptureModeThreadLocal = 1,
                             cudaStreamCaptureModeRelaxed = 2 };
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
cudaError_t cudaStreamBeginCapture(cudaStream_t, cudaStreamCaptureMode);
cudaError_t cudaStreamEndCapture(cudaStream_t, cudaGraph_t *);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *, cudaGraph_t,
                                 unsigned long long = 0);
cudaError_t cudaGraphLaunch(cudaGraphExec_t, cudaStream_t);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t);
cudaError_t cudaGraphDestroy(cudaGraph_t);
cudaError_t cudaEventCreate(cudaEvent_t *);
cudaError_t cudaEventDestroy(cudaEvent_t);
cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t);
cudaError_t cudaEventElapsedTime(float *, cudaEvent_t, cudaEvent_t);
/* Pinned memory, symbols, flags and device queries real programs use. */
cudaError_t cudaMallocHost(void **, size_t);
template <class T> static cudaError_t cudaMallocHost(T **p, size_t n) {
  return cudaMallocHost((void **)p, n);
}
cudaError_t cudaHostAlloc(void **, size_t, unsigned int);
cudaError_t cudaFreeHost(void *);
cudaError_t cudaMallocPitch(void **, size_t *, size_t, size_t);
cudaError_t cudaMemcpy2D(void *, size_t, const void *, size_t, size_t, size_t,
                         cudaMemcpyKind);
cudaError_t cudaMemGetInfo(size_t *, size_t *);
template <class T>
static cudaError_t cudaMemcpyToSymbol(const T &, const void *, size_t,
                                      size_t = 0,
                                      cudaMemcpyKind = cudaMemcpyHostToDevice);
template <class T>
static cudaError_t cudaMemcpyFromSymbol(void *, const T &, size_t, size_t = 0,
                                        cudaMemcpyKind = cudaMemcpyDeviceToHost);
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *, unsigned int);
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int = 0);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *, unsigned int);
cudaError_t cudaEventQuery(cudaEvent_t);
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock, totalConstMem;
  int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3],
      maxGridSize[3], clockRate, major, minor, multiProcessorCount,
      maxThreadsPerMultiProcessor, memoryClockRate, memoryBusWidth,
      l2CacheSize, sharedMemPerMultiprocessor, regsPerMultiprocessor;
};
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *, int);
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1,
                     cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache);
template <class T> static cudaError_t cudaFuncSetCacheConfig(T *, cudaFuncCache);
enum cudaLimit { cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1,
                 cudaLimitMallocHeapSize = 2 };
cudaError_t cudaDeviceSetLimit(cudaLimit, size_t);
template <class T>
static cudaError_t cudaOccupancyMaxPotentialBlockSize(int *, int *, T, size_t = 0,
                                                      int = 0);
/* Launches without <<<>>>, function attributes and occupancy queries. */
cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, size_t = 0,
                             cudaStream_t = 0);
template <class T>
static cudaError_t cudaLaunchKernel(T *, dim3, dim3, void **, size_t = 0,
                                    cudaStream_t = 0);
cudaError_t cudaLaunchCooperativeKernel(const void *, dim3, dim3, void **,
                                        size_t = 0, cudaStream_t = 0);
template <class T>
static cudaError_t cudaLaunchCooperativeKernel(T *, dim3, dim3, void **,
                                               size_t = 0, cudaStream_t = 0);
/* cudaLaunchKernelEx: a launch described by a config (clusters, priority,
   programmatic serialization); the attributes programs set. */
enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeAccessPolicyWindow = 1,
  cudaLaunchAttributeCooperative = 2,
  cudaLaunchAttributeSynchronizationPolicy = 3,
  cudaLaunchAttributeClusterDimension = 4,
  cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
  cudaLaunchAttributeProgrammaticStreamSerialization = 6,
  cudaLaunchAttributeProgrammaticEvent = 7, cudaLaunchAttributePriority = 8 };
union cudaLaunchAttributeValue {
  char pad[64];
  int cooperative;
  struct { unsigned int x, y, z; } clusterDim;
  int clusterSchedulingPolicyPreference;
  int programmaticStreamSerializationAllowed;
  int priority;
};
struct cudaLaunchAttribute {
  cudaLaunchAttributeID id;
  char pad[8 - sizeof(cudaLaunchAttributeID)];
  cudaLaunchAttributeValue val;
};
struct cudaLaunchConfig_st {
  dim3 gridDim, blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
};
typedef struct cudaLaunchConfig_st cudaLaunchConfig_t;
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *, const void *,
                                void **);
template <class... Exp, class... Act>
static cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *,
                                      void (*)(Exp...), Act &&...);
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
                         cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
cudaError_t cudaFuncSetAttribute(const void *, cudaFuncAttribute, int);
template <class T>
static cudaError_t cudaFuncSetAttribute(T *, cudaFuncAttribute, int);
struct cudaFuncAttributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion;
  int maxDynamicSharedSizeBytes;
};
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *, const void *);
template <class T>
static cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *, T *);
template <class T>
static cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *, T, int,
                                                                 size_t);
enum cudaDeviceAttr { cudaDevAttrMaxThreadsPerBlock = 1,
                      cudaDevAttrMaxSharedMemoryPerBlock = 8,
                      cudaDevAttrWarpSize = 10,
                      cudaDevAttrMultiProcessorCount = 16,
                      cudaDevAttrComputeCapabilityMajor = 75,
                      cudaDevAttrComputeCapabilityMinor = 76,
                      cudaDevAttrMaxSharedMemoryPerBlockOptin = 97 };
cudaError_t cudaDeviceGetAttribute(int *, cudaDeviceAttr, int);
cudaError_t cudaMemPrefetchAsync(const void *, size_t, int, cudaStream_t = 0);
cudaError_t cudaHostRegister(void *, size_t, unsigned int);
cudaError_t cudaHostUnregister(void *);
cudaError_t cudaMemcpyPeer(void *, int, const void *, int, size_t);
cudaError_t cudaDeviceGetStreamPriorityRange(int *, int *);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *, unsigned int, int);
/* What Clang calls for `kernel<<<grid, block, shared, stream>>>(...)`. */
extern "C" unsigned __cudaPushCallConfiguration(dim3, dim3, size_t = 0,
                                                void * = 0);
extern "C" int cudaConfigureCall(dim3, dim3, size_t = 0, cudaStream_t = 0);

#endif
