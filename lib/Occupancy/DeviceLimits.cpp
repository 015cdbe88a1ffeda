//===- DeviceLimits.cpp ---------------------------------------------------===//
#include "tdrc/Occupancy/DeviceLimits.h"
#include "tdrc/Occupancy/GpuTable.h"
#include <algorithm>

namespace tdrc {

DeviceLimits genericOpenCLLimits() {
  DeviceLimits L;
  L.Name = "generic OpenCL 1.2 device";
  L.LocalMemoryBytes = 32 * 1024;
  L.MaxWorkGroupSize = 256;
  return L;
}

DeviceLimits deviceLimitsFor(const GpuParams &P) {
  DeviceLimits L;
  L.Name = P.Name;
  L.LocalMemoryBytes = P.SharedPerBlock;
  L.MaxWorkGroupSize =
      std::min(genericOpenCLLimits().MaxWorkGroupSize, P.MaxThreadsPerBlock);
  return L;
}

} // namespace tdrc
