//===- Entry.cpp - The NVRTC and driver functions the library defines -----===//
//
// Each calls the application's own library, as it asked, and lets the
// program and launch tables follow; with TDR_DISABLE set, or when anything
// of tdrc's throws, the call is the library's alone.  A call whose library
// the process does not have answers as a failed one.
//
//===----------------------------------------------------------------------===//
#include "LaunchChoice.h"
#include "NvrtcPrograms.h"
#include "RealCuda.h"
#include "../Settings.h"
#include <exception>

using namespace tdrc::intercept;

namespace {

bool active() { return !settings().Disabled; }

// The program whose results a getter reads (the shadow where there is one).
nvrtcProgram results(nvrtcProgram P) {
  nvrtcProgram R = P;
  if (active())
    guarded("nvrtc", [&] { R = resultsOf(P); });
  return R;
}

} // namespace

#define TDRC_EXPORT extern "C" __attribute__((visibility("default")))
#define TDRC_NEEDS(Fn, Missing)                                                \
  if (!realCuda().Fn)                                                          \
    return Missing;

TDRC_EXPORT nvrtcResult nvrtcCreateProgram(nvrtcProgram *P, const char *Src,
                                           const char *Name, int NumHeaders,
                                           const char *const *Headers,
                                           const char *const *IncludeNames) {
  TDRC_NEEDS(nvrtcCreateProgram, NVRTC_ERROR_INTERNAL_ERROR)
  nvrtcResult R = realCuda().nvrtcCreateProgram(P, Src, Name, NumHeaders,
                                                Headers, IncludeNames);
  if (R == NVRTC_SUCCESS && P && active())
    guarded("nvrtcCreateProgram",
            [&] {
              programCreated(*P, Src, Name, NumHeaders, Headers, IncludeNames);
            });
  return R;
}

TDRC_EXPORT nvrtcResult nvrtcDestroyProgram(nvrtcProgram *P) {
  TDRC_NEEDS(nvrtcDestroyProgram, NVRTC_ERROR_INTERNAL_ERROR)
  if (P && active())
    guarded("nvrtcDestroyProgram", [&] { programDestroying(*P); });
  return realCuda().nvrtcDestroyProgram(P);
}

TDRC_EXPORT nvrtcResult nvrtcAddNameExpression(nvrtcProgram P,
                                               const char *const Expr) {
  TDRC_NEEDS(nvrtcAddNameExpression, NVRTC_ERROR_INTERNAL_ERROR)
  nvrtcResult R = realCuda().nvrtcAddNameExpression(P, Expr);
  if (R == NVRTC_SUCCESS && active())
    guarded("nvrtcAddNameExpression", [&] { nameExpressionAdded(P, Expr); });
  return R;
}

TDRC_EXPORT nvrtcResult nvrtcCompileProgram(nvrtcProgram P, int NumOptions,
                                            const char *const *Options) {
  TDRC_NEEDS(nvrtcCompileProgram, NVRTC_ERROR_INTERNAL_ERROR)
  if (!active())
    return realCuda().nvrtcCompileProgram(P, NumOptions, Options);
  return compileProgram(P, NumOptions, Options); // never throws
}

// The getters: the shadow's results.  A binary handed out is remembered, so
// that the module loaded from it is known.
#define TDRC_SIZE_GETTER(Fn)                                                   \
  TDRC_EXPORT nvrtcResult Fn(nvrtcProgram P, size_t *Size) {                   \
    TDRC_NEEDS(Fn, NVRTC_ERROR_INTERNAL_ERROR)                                 \
    return realCuda().Fn(results(P), Size);                                    \
  }
#define TDRC_BINARY_GETTER(Fn, SizeFn)                                         \
  TDRC_EXPORT nvrtcResult Fn(nvrtcProgram P, char *Out) {                      \
    TDRC_NEEDS(Fn, NVRTC_ERROR_INTERNAL_ERROR)                                 \
    nvrtcProgram From = results(P);                                            \
    nvrtcResult R = realCuda().Fn(From, Out);                                  \
    size_t Size = 0;                                                           \
    if (R == NVRTC_SUCCESS && From != P && Out && realCuda().SizeFn &&         \
        realCuda().SizeFn(From, &Size) == NVRTC_SUCCESS)                       \
      guarded(#Fn, [&] { imageHandedOut(P, Out, Size); });                     \
    return R;                                                                  \
  }
TDRC_SIZE_GETTER(nvrtcGetPTXSize)
TDRC_SIZE_GETTER(nvrtcGetCUBINSize)
TDRC_SIZE_GETTER(nvrtcGetLTOIRSize)
TDRC_SIZE_GETTER(nvrtcGetProgramLogSize)
TDRC_BINARY_GETTER(nvrtcGetPTX, nvrtcGetPTXSize)
TDRC_BINARY_GETTER(nvrtcGetCUBIN, nvrtcGetCUBINSize)
TDRC_BINARY_GETTER(nvrtcGetLTOIR, nvrtcGetLTOIRSize)

TDRC_EXPORT nvrtcResult nvrtcGetProgramLog(nvrtcProgram P, char *Log) {
  TDRC_NEEDS(nvrtcGetProgramLog, NVRTC_ERROR_INTERNAL_ERROR)
  return realCuda().nvrtcGetProgramLog(results(P), Log);
}

TDRC_EXPORT nvrtcResult nvrtcGetLoweredName(nvrtcProgram P,
                                            const char *const Expr,
                                            const char **Lowered) {
  TDRC_NEEDS(nvrtcGetLoweredName, NVRTC_ERROR_INTERNAL_ERROR)
  return realCuda().nvrtcGetLoweredName(results(P), Expr, Lowered);
}

TDRC_EXPORT CUresult cuModuleLoadData(CUmodule *M, const void *Image) {
  TDRC_NEEDS(cuModuleLoadData, CUDA_ERROR_NOT_FOUND)
  CUresult R = realCuda().cuModuleLoadData(M, Image);
  if (R == CUDA_SUCCESS && M && active())
    guarded("cuModuleLoadData", [&] { moduleLoaded(*M, Image); });
  return R;
}

TDRC_EXPORT CUresult cuModuleLoadDataEx(CUmodule *M, const void *Image,
                                        unsigned N, CUjit_option *Options,
                                        void **Values) {
  TDRC_NEEDS(cuModuleLoadDataEx, CUDA_ERROR_NOT_FOUND)
  CUresult R = realCuda().cuModuleLoadDataEx(M, Image, N, Options, Values);
  if (R == CUDA_SUCCESS && M && active())
    guarded("cuModuleLoadDataEx", [&] { moduleLoaded(*M, Image); });
  return R;
}

TDRC_EXPORT CUresult cuModuleUnload(CUmodule M) {
  TDRC_NEEDS(cuModuleUnload, CUDA_ERROR_NOT_FOUND)
  if (active())
    guarded("cuModuleUnload", [&] { moduleUnloading(M); });
  return realCuda().cuModuleUnload(M);
}

TDRC_EXPORT CUresult cuModuleGetFunction(CUfunction *F, CUmodule M,
                                         const char *Name) {
  TDRC_NEEDS(cuModuleGetFunction, CUDA_ERROR_NOT_FOUND)
  CUresult R = realCuda().cuModuleGetFunction(F, M, Name);
  if (R == CUDA_SUCCESS && F && active())
    guarded("cuModuleGetFunction", [&] { functionFound(*F, M, Name); });
  return R;
}

TDRC_EXPORT CUresult cuLaunchKernel(CUfunction F, unsigned GX, unsigned GY,
                                    unsigned GZ, unsigned BX, unsigned BY,
                                    unsigned BZ, unsigned Shared, CUstream S,
                                    void **Params, void **Extra) {
  TDRC_NEEDS(cuLaunchKernel, CUDA_ERROR_NOT_FOUND)
  if (!active())
    return realCuda().cuLaunchKernel(F, GX, GY, GZ, BX, BY, BZ, Shared, S,
                                     Params, Extra);
  const unsigned Grid[3] = {GX, GY, GZ}, Block[3] = {BX, BY, BZ};
  return launch(F, Grid, Block, Shared, S, Params, Extra);
}
