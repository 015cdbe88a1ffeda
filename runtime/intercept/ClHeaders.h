//===- ClHeaders.h - OpenCL's headers at the version the interceptor needs -===//
//
// OpenCL 2.0 for clSetKernelArgSVMPointer and clSetKernelExecInfo, whose
// arguments the interceptor mirrors onto the rewritten kernel.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_CLHEADERS_H
#define TDRC_INTERCEPT_CLHEADERS_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 200
#endif
#include <CL/cl.h>

#endif
