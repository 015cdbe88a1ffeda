//===- CudaApi.h - The NVRTC and CUDA driver calls tdrc-run wraps ----------===//
//
// Declared here from NVIDIA's published C API (nvrtc.h, cuda.h), whose
// types and status codes are part of their stable ABI, so that the
// interceptor (and its tests) build on machines without a CUDA toolkit: the
// real libraries are found at run time.  Only what the interceptor and its
// test application call is declared.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_CUDAAPI_H
#define TDRC_INTERCEPT_CUDAAPI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct _nvrtcProgram *nvrtcProgram;
typedef int nvrtcResult;
#define NVRTC_SUCCESS 0
#define NVRTC_ERROR_OUT_OF_MEMORY 1
#define NVRTC_ERROR_INVALID_INPUT 3
#define NVRTC_ERROR_INVALID_PROGRAM 4
#define NVRTC_ERROR_COMPILATION 6
#define NVRTC_ERROR_INTERNAL_ERROR 11

typedef int CUresult;
#define CUDA_SUCCESS 0
#define CUDA_ERROR_INVALID_VALUE 1
#define CUDA_ERROR_NOT_FOUND 500
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
typedef int CUjit_option;

nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src,
                               const char *name, int numHeaders,
                               const char *const *headers,
                               const char *const *includeNames);
nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog);
nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions,
                                const char *const *options);
nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *ptxSizeRet);
nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx);
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *cubinSizeRet);
nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin);
nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog, size_t *LTOIRSizeRet);
nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog, char *LTOIR);
nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *logSizeRet);
nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log);
nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog,
                                   const char *const name_expression);
nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog,
                                const char *const name_expression,
                                const char **lowered_name);
const char *nvrtcGetErrorString(nvrtcResult result);

CUresult cuInit(unsigned int Flags);
CUresult cuDeviceGet(CUdevice *device, int ordinal);
CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev);
CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev);
CUresult cuCtxDestroy_v2(CUcontext ctx);
CUresult cuCtxSynchronize(void);
CUresult cuModuleLoadData(CUmodule *module, const void *image);
CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                            unsigned int numOptions, CUjit_option *options,
                            void **optionValues);
CUresult cuModuleUnload(CUmodule hmod);
CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                             const char *name);
CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                        unsigned int gridDimY, unsigned int gridDimZ,
                        unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes,
                        CUstream hStream, void **kernelParams, void **extra);
CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize);
CUresult cuMemFree_v2(CUdeviceptr dptr);
CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost,
                         size_t ByteCount);
CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice,
                         size_t ByteCount);
CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags);
CUresult cuEventRecord(CUevent hEvent, CUstream hStream);
CUresult cuEventSynchronize(CUevent hEvent);
CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
                            CUevent hEnd);
CUresult cuEventDestroy_v2(CUevent hEvent);
CUresult cuStreamIsCapturing(CUstream hStream, int *captureStatus);

#ifdef __cplusplus
}
#endif

#endif
