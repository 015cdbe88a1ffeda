//===- ShadowBuild.h - The rewrite's program, built beside the original ----===//
//
// The shadow program is built with the application's options plus what the
// per-launch choice needs.  Its binary is cached beside the rewrite (per
// device, driver and options), so an application's later starts load it
// instead of compiling the rewrite again: the device compiler then runs
// once per start, for the application's own program, as without tdrc.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_SHADOWBUILD_H
#define TDRC_INTERCEPT_SHADOWBUILD_H

#include "ClHeaders.h"
#include "RewriteCache.h"
#include <string>

namespace tdrc::intercept {

struct ShadowBuild {
  cl_program Program = nullptr; // null: none, and Why says why
  std::string Why;
  bool FromBinary = false;      // loaded from the cache, not compiled
};

ShadowBuild buildShadow(cl_context C, const ProgramRewrite &R,
                        cl_uint NumDevices, const cl_device_id *Devices,
                        const std::string &Options);

} // namespace tdrc::intercept

#endif
