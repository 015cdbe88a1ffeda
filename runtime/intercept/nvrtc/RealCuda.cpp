//===- RealCuda.cpp - dlsym(RTLD_NEXT) for each wrapped call ---------------===//
#include "RealCuda.h"
#include <dlfcn.h>

namespace tdrc::intercept {

namespace {

template <typename Fn> void resolve(Fn &F, const char *Name) {
  F = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, Name));
}

RealCuda load() {
  RealCuda R;
#define TDRC_RESOLVE(Name) resolve(R.Name, #Name);
  TDRC_RESOLVE(nvrtcCreateProgram)
  TDRC_RESOLVE(nvrtcDestroyProgram)
  TDRC_RESOLVE(nvrtcCompileProgram)
  TDRC_RESOLVE(nvrtcGetPTXSize)
  TDRC_RESOLVE(nvrtcGetPTX)
  TDRC_RESOLVE(nvrtcGetCUBINSize)
  TDRC_RESOLVE(nvrtcGetCUBIN)
  TDRC_RESOLVE(nvrtcGetLTOIRSize)
  TDRC_RESOLVE(nvrtcGetLTOIR)
  TDRC_RESOLVE(nvrtcGetProgramLogSize)
  TDRC_RESOLVE(nvrtcGetProgramLog)
  TDRC_RESOLVE(nvrtcAddNameExpression)
  TDRC_RESOLVE(nvrtcGetLoweredName)
  TDRC_RESOLVE(cuModuleLoadData)
  TDRC_RESOLVE(cuModuleLoadDataEx)
  TDRC_RESOLVE(cuModuleUnload)
  TDRC_RESOLVE(cuModuleGetFunction)
  TDRC_RESOLVE(cuLaunchKernel)
  TDRC_RESOLVE(cuEventCreate)
  TDRC_RESOLVE(cuEventRecord)
  TDRC_RESOLVE(cuEventSynchronize)
  TDRC_RESOLVE(cuEventElapsedTime)
  TDRC_RESOLVE(cuEventDestroy_v2)
  TDRC_RESOLVE(cuStreamIsCapturing)
#undef TDRC_RESOLVE
  return R;
}

} // namespace

const RealCuda &realCuda() {
  static const RealCuda R = load();
  return R;
}

} // namespace tdrc::intercept
