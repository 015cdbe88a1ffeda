//===- RealCL.cpp - dlsym(RTLD_NEXT) of the wrapped entry points -----------===//
#include "RealCL.h"
#include <dlfcn.h>

namespace tdrc::intercept {

namespace {

template <typename F> void bind(F &Slot, const char *Name) {
  Slot = reinterpret_cast<F>(dlsym(RTLD_NEXT, Name));
}

RealCL lookUp() {
  RealCL R;
  bind(R.CreateProgramWithSource, "clCreateProgramWithSource");
  bind(R.BuildProgram, "clBuildProgram");
  bind(R.CompileProgram, "clCompileProgram");
  bind(R.LinkProgram, "clLinkProgram");
  bind(R.ReleaseProgram, "clReleaseProgram");
  bind(R.CreateKernel, "clCreateKernel");
  bind(R.CreateKernelsInProgram, "clCreateKernelsInProgram");
  bind(R.ReleaseKernel, "clReleaseKernel");
  bind(R.SetKernelArg, "clSetKernelArg");
  bind(R.SetKernelArgSVMPointer, "clSetKernelArgSVMPointer");
  bind(R.SetKernelExecInfo, "clSetKernelExecInfo");
  bind(R.EnqueueNDRangeKernel, "clEnqueueNDRangeKernel");
  return R;
}

RealCL Table;
bool FromLayer = false; // set by the loader's clInitLayer, before any call

} // namespace

const RealCL &real() {
  static const bool Looked = FromLayer || (Table = lookUp(), true);
  (void)Looked;
  return Table;
}

void useLayerBelow(const cl_icd_dispatch &Below) {
  Table.CreateProgramWithSource = Below.clCreateProgramWithSource;
  Table.BuildProgram = Below.clBuildProgram;
  Table.CompileProgram = Below.clCompileProgram;
  Table.LinkProgram = Below.clLinkProgram;
  Table.ReleaseProgram = Below.clReleaseProgram;
  Table.CreateKernel = Below.clCreateKernel;
  Table.CreateKernelsInProgram = Below.clCreateKernelsInProgram;
  Table.ReleaseKernel = Below.clReleaseKernel;
  Table.SetKernelArg = Below.clSetKernelArg;
  Table.SetKernelArgSVMPointer = Below.clSetKernelArgSVMPointer;
  Table.SetKernelExecInfo = Below.clSetKernelExecInfo;
  Table.EnqueueNDRangeKernel = Below.clEnqueueNDRangeKernel;
  FromLayer = true;
}

} // namespace tdrc::intercept
