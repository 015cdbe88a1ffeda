//===- NvrtcPrograms.h - NVRTC programs compiled from tdrc's rewrite -------===//
//
// An application's NVRTC program keeps its handle.  At nvrtcCompileProgram
// the interceptor rewrites its source with tdrc (--device-only) and
// compiles the rewrite instead, as a shadow program with the same options
// and -DTDR_HOST_CHOOSES; the application's getters (PTX, CUBIN, LTO IR,
// log, lowered names) then read the shadow.  The application's own program
// is compiled only when there is no shadow (tdrc changed nothing, or
// anything failed), so the device compiler runs once per program, as
// without tdrc.  The images handed out are remembered by content, so that
// the module the application loads from one is known (LaunchChoice.h).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_NVRTCPROGRAMS_H
#define TDRC_INTERCEPT_NVRTCPROGRAMS_H

#include "CudaApi.h"
#include "tdrc/runtime/Variants.h"
#include <map>
#include <memory>
#include <string>

namespace tdrc::intercept {

/// A kernel of a shadow with a choice: the lowered names of its rewrite
/// (the application's kernel name) and of its original, and the descriptor.
struct ShadowKernel {
  std::string Kernel, Original;
  rt::VariantDescriptor Desc;
};
/// By the rewrite's lowered name.
using ShadowKernels = std::map<std::string, ShadowKernel>;

/// nvrtcCreateProgram succeeded: remember the source and the in-memory
/// headers (tdrc parses with them written to the cache directory, and the
/// shadow is created with them).
void programCreated(nvrtcProgram P, const char *Source, const char *Name,
                    int NumHeaders, const char *const *Headers,
                    const char *const *IncludeNames);
/// nvrtcAddNameExpression succeeded on P: replayed on its shadow.
void nameExpressionAdded(nvrtcProgram P, const char *Expr);
/// nvrtcCompileProgram: the shadow's compile, or the application's own.
nvrtcResult compileProgram(nvrtcProgram P, int NumOptions,
                           const char *const *Options);
/// The program the application's getters read: P's shadow, else P.
nvrtcProgram resultsOf(nvrtcProgram P);
/// P's PTX, CUBIN or LTO IR was copied into Image: remember its kernels.
void imageHandedOut(nvrtcProgram P, const char *Image, size_t Size);
/// Before the application's nvrtcDestroyProgram: the shadow goes too.
void programDestroying(nvrtcProgram P);

/// The kernels with a choice in a module loaded from Image (PTX text or an
/// ELF cubin); null when Image is no shadow's.
std::shared_ptr<const ShadowKernels> kernelsOfImage(const void *Image);

} // namespace tdrc::intercept

#endif
