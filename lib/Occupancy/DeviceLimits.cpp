//===- DeviceLimits.cpp ---------------------------------------------------===//
#include "tdrc/Occupancy/DeviceLimits.h"

namespace tdrc {

DeviceLimits genericOpenCLLimits() {
  DeviceLimits L;
  L.Name = "generic OpenCL 1.2 device";
  L.LocalMemoryBytes = 32 * 1024;
  L.MaxWorkGroupSize = 256;
  return L;
}

} // namespace tdrc
