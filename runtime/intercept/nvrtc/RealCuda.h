//===- RealCuda.h - The application's own NVRTC and driver entry points ---===//
//
// The next definition of each wrapped call after this library's: the
// libnvrtc and libcuda the application links.  Null where the process has
// none (the wrapper then answers as a missing library would).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_REALCUDA_H
#define TDRC_INTERCEPT_REALCUDA_H

#include "CudaApi.h"

namespace tdrc::intercept {

struct RealCuda {
#define TDRC_REAL(Name) decltype(&::Name) Name = nullptr;
  TDRC_REAL(nvrtcCreateProgram)
  TDRC_REAL(nvrtcDestroyProgram)
  TDRC_REAL(nvrtcCompileProgram)
  TDRC_REAL(nvrtcGetPTXSize)
  TDRC_REAL(nvrtcGetPTX)
  TDRC_REAL(nvrtcGetCUBINSize)
  TDRC_REAL(nvrtcGetCUBIN)
  TDRC_REAL(nvrtcGetLTOIRSize)
  TDRC_REAL(nvrtcGetLTOIR)
  TDRC_REAL(nvrtcGetProgramLogSize)
  TDRC_REAL(nvrtcGetProgramLog)
  TDRC_REAL(nvrtcAddNameExpression)
  TDRC_REAL(nvrtcGetLoweredName)
  TDRC_REAL(cuModuleLoadData)
  TDRC_REAL(cuModuleLoadDataEx)
  TDRC_REAL(cuModuleUnload)
  TDRC_REAL(cuModuleGetFunction)
  TDRC_REAL(cuLaunchKernel)
  TDRC_REAL(cuEventCreate)
  TDRC_REAL(cuEventRecord)
  TDRC_REAL(cuEventSynchronize)
  TDRC_REAL(cuEventElapsedTime)
  TDRC_REAL(cuEventDestroy_v2)
  TDRC_REAL(cuStreamIsCapturing)
#undef TDRC_REAL
};

/// Resolved once, at the first call.
const RealCuda &realCuda();

} // namespace tdrc::intercept

#endif
