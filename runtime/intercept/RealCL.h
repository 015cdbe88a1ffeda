//===- RealCL.h - The OpenCL entry points the interceptor wraps ------------===//
//
// The preloaded library defines clBuildProgram and the others itself, so a
// plain call would come back to it: the implementation's own functions are
// looked up once with dlsym(RTLD_NEXT).  Every function the interceptor
// defines is here; it calls nothing else of OpenCL's that it also defines.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_REALCL_H
#define TDRC_INTERCEPT_REALCL_H

#include "ClHeaders.h"
#include <CL/cl_icd.h>

namespace tdrc::intercept {

struct RealCL {
  decltype(&::clCreateProgramWithSource) CreateProgramWithSource = nullptr;
  decltype(&::clBuildProgram) BuildProgram = nullptr;
  decltype(&::clCompileProgram) CompileProgram = nullptr;
  decltype(&::clLinkProgram) LinkProgram = nullptr;
  decltype(&::clReleaseProgram) ReleaseProgram = nullptr;
  decltype(&::clCreateKernel) CreateKernel = nullptr;
  decltype(&::clCreateKernelsInProgram) CreateKernelsInProgram = nullptr;
  decltype(&::clReleaseKernel) ReleaseKernel = nullptr;
  decltype(&::clSetKernelArg) SetKernelArg = nullptr;
  decltype(&::clSetKernelArgSVMPointer) SetKernelArgSVMPointer = nullptr;
  decltype(&::clSetKernelExecInfo) SetKernelExecInfo = nullptr;
  decltype(&::clEnqueueNDRangeKernel) EnqueueNDRangeKernel = nullptr;
};

/// The implementation's entry points (a missing one is null: the loader
/// is older than the function, and the application cannot call it either):
/// the next library's (LD_PRELOAD), or the dispatch table below this one
/// when the loader runs it as a layer (Layer.cpp).
const RealCL &real();

/// As a layer: the loader's table of the layer below, before any call.
void useLayerBelow(const struct _cl_icd_dispatch &Below);

} // namespace tdrc::intercept

#endif
