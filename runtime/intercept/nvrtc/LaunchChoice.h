//===- LaunchChoice.h - CUDA launches: the rewrite or the original ---------===//
//
// A module loaded from a shadow's image holds, for each kernel with a
// choice, the rewrite under the application's name and the original
// beside it.  When the application looks the kernel up, the original is
// looked up too; each cuLaunchKernel of it then runs one of the two, chosen
// by the runtime's ChoicePolicy (the descriptor's `when` on the launch's
// scalar arguments, then the first launches of each bucket timed with
// events), exactly as tdrc-run does for OpenCL.  Kernels the allow and
// deny lists exclude always run their original.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_LAUNCHCHOICE_H
#define TDRC_INTERCEPT_LAUNCHCHOICE_H

#include "CudaApi.h"

namespace tdrc::intercept {

/// cuModuleLoadData[Ex] made M from Image.
void moduleLoaded(CUmodule M, const void *Image);
/// Before the application's cuModuleUnload.
void moduleUnloading(CUmodule M);
/// cuModuleGetFunction found F as Name in M.
void functionFound(CUfunction F, CUmodule M, const char *Name);

/// cuLaunchKernel of F, with the chosen variant.
CUresult launch(CUfunction F, const unsigned Grid[3], const unsigned Block[3],
                unsigned SharedBytes, CUstream Stream, void **Params,
                void **Extra);

} // namespace tdrc::intercept

#endif
