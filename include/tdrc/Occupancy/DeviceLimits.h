//===- DeviceLimits.h - The device limits a remap round must respect -------===//
//
// Issue-2 scope: the limits every OpenCL device guarantees (the budget used
// when nothing better is known).  The per-GPU occupancy tables and the budget
// model of the paper build on this.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_OCCUPANCY_DEVICELIMITS_H
#define TDRC_OCCUPANCY_DEVICELIMITS_H

#include <string>

namespace tdrc {

struct GpuParams;

struct DeviceLimits {
  std::string Name;
  unsigned LocalMemoryBytes = 0;      // per work-group
  unsigned MaxWorkGroupSize = 0;      // default bound when a kernel has none
};

/// OpenCL 1.2's guaranteed minimums (CL_DEVICE_LOCAL_MEM_SIZE >= 32 KiB for
/// a full profile GPU) with tdrc's default work-group bound.
DeviceLimits genericOpenCLLimits();

/// The limits of one GPU of the table (GpuTable.h): local memory without
/// opt-in, since OpenCL cannot opt in, and tdrc's default bound capped by the
/// GPU's largest block.
DeviceLimits deviceLimitsFor(const GpuParams &P);

} // namespace tdrc

#endif
