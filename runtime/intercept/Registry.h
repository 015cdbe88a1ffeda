//===- Registry.h - The programs and kernels the interceptor shadows -------===//
//
// An application's program keeps its own handle and is built as it asked;
// beside it the interceptor builds a shadow program from tdrc's output, and
// each kernel the application creates gets the shadow's rewrite of it as a
// second kernel object.  Arguments are set on both, and each launch runs one
// of the two, chosen by the runtime's ChoicePolicy (tdrc --keep-original's
// descriptor, the model, then timed first launches).  The application only
// ever sees its own handles, so every query it makes answers as before.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_REGISTRY_H
#define TDRC_INTERCEPT_REGISTRY_H

#include "ClHeaders.h"
#include <string>

namespace tdrc::intercept {

/// clCreateProgramWithSource succeeded: remember the source.
void programCreated(cl_program P, cl_context C, cl_uint Count,
                    const char **Strings, const size_t *Lengths);
/// Before the application's clBuildProgram: rewrite and build the shadow.
void programBuilding(cl_program P, cl_uint NumDevices,
                     const cl_device_id *Devices, const char *Options);
/// clCompileProgram (the first half of a separate compile and link, as
/// hashcat builds): the options are kept for the link.
void programCompiling(cl_program P, const char *Options, cl_uint NumHeaders);
/// clLinkProgram made L from Inputs: one compiled program of ours is
/// rewritten and built as L's shadow, as clBuildProgram would.
void programLinked(cl_program L, cl_context C, cl_uint NumDevices,
                   const cl_device_id *Devices, const char *Options,
                   cl_uint NumInputs, const cl_program *Inputs);
/// Before the application's clReleaseProgram.
void programReleasing(cl_program P);

/// A kernel of the application's was created (clCreateKernel or
/// clCreateKernelsInProgram).
void kernelCreated(cl_program P, cl_kernel K);
/// Before the application's clReleaseKernel.
void kernelReleasing(cl_kernel K);

/// After the application's argument call succeeded on K: the same on the
/// rewrite (a failure there leaves K with its original only).
void argumentSet(cl_kernel K, cl_uint Index, size_t Size, const void *Value);
void svmArgumentSet(cl_kernel K, cl_uint Index, const void *Value);
void execInfoSet(cl_kernel K, cl_kernel_exec_info Name, size_t Size,
                 const void *Value);

/// clEnqueueNDRangeKernel on K, with the chosen variant.
cl_int launch(cl_command_queue Q, cl_kernel K, cl_uint Dims,
              const size_t *Offset, const size_t *Global, const size_t *Local,
              cl_uint NumWait, const cl_event *Wait, cl_event *Event);

} // namespace tdrc::intercept

#endif
