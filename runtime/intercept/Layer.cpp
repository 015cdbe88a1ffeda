//===- Layer.cpp - The interceptor as an OpenCL loader layer ---------------===//
//
// Applications that dlopen the loader and dlsym its functions (darktable)
// call past LD_PRELOAD; a loader with layers (ocl-icd 2.3, Khronos' loader:
// OPENCL_LAYERS=/path/libtdrc_intercept.so) routes every call through the
// layer's dispatch table instead.  The table is the layer below's with the
// interceptor's twelve functions (Entry.cpp) in their slots; those call down
// through RealCL, which here holds the layer below's functions.
//
//===----------------------------------------------------------------------===//
#include "RealCL.h"
#include <CL/cl_layer.h>
#include <cstring>

#define TDRC_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

cl_icd_dispatch Table;

template <typename T>
cl_int answer(const T &Value, size_t Size, void *Out, size_t *SizeRet) {
  if (SizeRet)
    *SizeRet = sizeof Value;
  if (Out) {
    if (Size < sizeof Value)
      return CL_INVALID_VALUE;
    std::memcpy(Out, &Value, sizeof Value);
  }
  return CL_SUCCESS;
}

} // namespace

TDRC_EXPORT cl_int CL_API_CALL clGetLayerInfo(cl_layer_info Name, size_t Size,
                                              void *Out, size_t *SizeRet) {
  if (Name == CL_LAYER_API_VERSION)
    return answer(cl_layer_api_version(CL_LAYER_API_VERSION_100), Size, Out,
                  SizeRet);
  if (Name == CL_LAYER_NAME) {
    static const char Text[] = "tdrc: divergence rewrites at clBuildProgram";
    return answer(Text, Size, Out, SizeRet);
  }
  return CL_INVALID_VALUE;
}

TDRC_EXPORT cl_int CL_API_CALL clInitLayer(cl_uint NumEntries,
                                           const cl_icd_dispatch *Below,
                                           cl_uint *NumEntriesRet,
                                           const cl_icd_dispatch **LayerRet) {
  const cl_uint Ours = sizeof(cl_icd_dispatch) / sizeof(void *);
  if (!Below || !NumEntriesRet || !LayerRet)
    return CL_INVALID_VALUE;
  // A shorter table (an older loader) leaves the slots past it null.
  std::memset(&Table, 0, sizeof Table);
  std::memcpy(&Table, Below,
              (NumEntries < Ours ? NumEntries : Ours) * sizeof(void *));
  tdrc::intercept::useLayerBelow(Table);
  Table.clCreateProgramWithSource = &clCreateProgramWithSource;
  Table.clBuildProgram = &clBuildProgram;
  Table.clCompileProgram = &clCompileProgram;
  Table.clLinkProgram = &clLinkProgram;
  Table.clReleaseProgram = &clReleaseProgram;
  Table.clCreateKernel = &clCreateKernel;
  Table.clCreateKernelsInProgram = &clCreateKernelsInProgram;
  Table.clReleaseKernel = &clReleaseKernel;
  Table.clSetKernelArg = &clSetKernelArg;
  Table.clSetKernelArgSVMPointer = &clSetKernelArgSVMPointer;
  Table.clSetKernelExecInfo = &clSetKernelExecInfo;
  Table.clEnqueueNDRangeKernel = &clEnqueueNDRangeKernel;
  *NumEntriesRet = Ours;
  *LayerRet = &Table;
  return CL_SUCCESS;
}
