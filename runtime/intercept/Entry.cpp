//===- Entry.cpp - The OpenCL functions the preloaded library defines ------===//
//
// Each calls the implementation's own function first or last, exactly as the
// application asked, and lets the registry follow; with TDR_DISABLE set, or
// when anything of tdrc's throws, the call is the implementation's alone.
//
//===----------------------------------------------------------------------===//
#include "RealCL.h"
#include "Registry.h"
#include "Settings.h"
#include <exception>

using namespace tdrc::intercept;

namespace {

bool active() { return !settings().Disabled; }

} // namespace

#define TDRC_EXPORT extern "C" __attribute__((visibility("default")))

TDRC_EXPORT cl_program CL_API_CALL clCreateProgramWithSource(
    cl_context C, cl_uint Count, const char **Strings, const size_t *Lengths,
    cl_int *ErrOut) {
  cl_int Err = CL_SUCCESS;
  cl_program P = real().CreateProgramWithSource(C, Count, Strings, Lengths, &Err);
  if (ErrOut)
    *ErrOut = Err;
  if (Err == CL_SUCCESS && P && Strings && active())
    guarded("clCreateProgramWithSource",
            [&] { programCreated(P, C, Count, Strings, Lengths); });
  return P;
}

TDRC_EXPORT cl_int CL_API_CALL clBuildProgram(
    cl_program P, cl_uint NumDevices, const cl_device_id *Devices,
    const char *Options, void(CL_CALLBACK *Notify)(cl_program, void *),
    void *UserData) {
  if (active())
    guarded("clBuildProgram",
            [&] { programBuilding(P, NumDevices, Devices, Options); });
  return real().BuildProgram(P, NumDevices, Devices, Options, Notify, UserData);
}

TDRC_EXPORT cl_int CL_API_CALL clCompileProgram(
    cl_program P, cl_uint NumDevices, const cl_device_id *Devices,
    const char *Options, cl_uint NumHeaders, const cl_program *Headers,
    const char **HeaderNames, void(CL_CALLBACK *Notify)(cl_program, void *),
    void *UserData) {
  if (!real().CompileProgram)
    return CL_INVALID_OPERATION;
  if (active())
    guarded("clCompileProgram",
            [&] { programCompiling(P, Options, NumHeaders); });
  return real().CompileProgram(P, NumDevices, Devices, Options, NumHeaders,
                               Headers, HeaderNames, Notify, UserData);
}

TDRC_EXPORT cl_program CL_API_CALL clLinkProgram(
    cl_context C, cl_uint NumDevices, const cl_device_id *Devices,
    const char *Options, cl_uint NumInputs, const cl_program *Inputs,
    void(CL_CALLBACK *Notify)(cl_program, void *), void *UserData,
    cl_int *ErrOut) {
  cl_int Err = CL_INVALID_OPERATION;
  cl_program L = real().LinkProgram
                     ? real().LinkProgram(C, NumDevices, Devices, Options,
                                          NumInputs, Inputs, Notify, UserData,
                                          &Err)
                     : nullptr;
  if (ErrOut)
    *ErrOut = Err;
  if (Err == CL_SUCCESS && L && active())
    guarded("clLinkProgram", [&] {
      programLinked(L, C, NumDevices, Devices, Options, NumInputs, Inputs);
    });
  return L;
}

TDRC_EXPORT cl_int CL_API_CALL clReleaseProgram(cl_program P) {
  if (active())
    guarded("clReleaseProgram", [&] { programReleasing(P); });
  return real().ReleaseProgram(P);
}

TDRC_EXPORT cl_kernel CL_API_CALL clCreateKernel(cl_program P, const char *Name,
                                                 cl_int *ErrOut) {
  cl_int Err = CL_SUCCESS;
  cl_kernel K = real().CreateKernel(P, Name, &Err);
  if (ErrOut)
    *ErrOut = Err;
  if (Err == CL_SUCCESS && K && active())
    guarded("clCreateKernel", [&] { kernelCreated(P, K); });
  return K;
}

TDRC_EXPORT cl_int CL_API_CALL clCreateKernelsInProgram(cl_program P,
                                                        cl_uint NumKernels,
                                                        cl_kernel *Kernels,
                                                        cl_uint *NumRet) {
  cl_uint Got = 0;
  cl_int Err = real().CreateKernelsInProgram(P, NumKernels, Kernels, &Got);
  if (NumRet)
    *NumRet = Got;
  if (Err == CL_SUCCESS && Kernels && active())
    for (cl_uint I = 0; I < Got && I < NumKernels; ++I)
      guarded("clCreateKernelsInProgram", [&] { kernelCreated(P, Kernels[I]); });
  return Err;
}

TDRC_EXPORT cl_int CL_API_CALL clReleaseKernel(cl_kernel K) {
  if (active())
    guarded("clReleaseKernel", [&] { kernelReleasing(K); });
  return real().ReleaseKernel(K);
}

TDRC_EXPORT cl_int CL_API_CALL clSetKernelArg(cl_kernel K, cl_uint Index,
                                              size_t Size, const void *Value) {
  cl_int Err = real().SetKernelArg(K, Index, Size, Value);
  if (Err == CL_SUCCESS && active())
    guarded("clSetKernelArg", [&] { argumentSet(K, Index, Size, Value); });
  return Err;
}

TDRC_EXPORT cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel K,
                                                        cl_uint Index,
                                                        const void *Value) {
  if (!real().SetKernelArgSVMPointer)
    return CL_INVALID_OPERATION;
  cl_int Err = real().SetKernelArgSVMPointer(K, Index, Value);
  if (Err == CL_SUCCESS && active())
    guarded("clSetKernelArgSVMPointer",
            [&] { svmArgumentSet(K, Index, Value); });
  return Err;
}

TDRC_EXPORT cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel K,
                                                   cl_kernel_exec_info Name,
                                                   size_t Size,
                                                   const void *Value) {
  if (!real().SetKernelExecInfo)
    return CL_INVALID_OPERATION;
  cl_int Err = real().SetKernelExecInfo(K, Name, Size, Value);
  if (Err == CL_SUCCESS && active())
    guarded("clSetKernelExecInfo", [&] { execInfoSet(K, Name, Size, Value); });
  return Err;
}

TDRC_EXPORT cl_int CL_API_CALL clEnqueueNDRangeKernel(
    cl_command_queue Q, cl_kernel K, cl_uint Dims, const size_t *Offset,
    const size_t *Global, const size_t *Local, cl_uint NumWait,
    const cl_event *Wait, cl_event *Event) {
  // launch() never throws once it has enqueued (Registry.cpp).
  if (active())
    return launch(Q, K, Dims, Offset, Global, Local, NumWait, Wait, Event);
  return real().EnqueueNDRangeKernel(Q, K, Dims, Offset, Global, Local,
                                     NumWait, Wait, Event);
}
