//===- Device.h - A device's occupancy parameters, as tdrc options ---------===//
#ifndef TDRC_RUNTIME_DEVICE_H
#define TDRC_RUNTIME_DEVICE_H

#include "tdrc/runtime/Error.h"
#include <string>
#include <vector>

namespace tdrc::rt {

/// What tdrc's budget needs to know about a device.
struct DeviceInfo {
  std::string Name, Vendor;
  std::string Version;     // CL_DEVICE_VERSION, e.g. "OpenCL 1.2 ..."
  std::string OpenCLC;     // CL_DEVICE_OPENCL_C_VERSION
  cl_uint VendorId = 0;
  cl_ulong LocalMemBytes = 0;   // per work-group
  size_t MaxWorkGroupSize = 0;
  cl_uint ComputeUnits = 0;
  /// NVIDIA's compute capability through cl_nv_device_attribute_query;
  /// 0.0 where the device does not have that extension.
  cl_uint NvComputeMajor = 0, NvComputeMinor = 0;

  bool isNvidia() const;
  /// The OpenCL C version as 100 * major + 10 * minor (120 for 1.2), 0 if
  /// the string cannot be read.
  unsigned openCLCVersion() const;
  /// tdrc options for kernels that will run here: `--gpu sm_XY` when the
  /// compute capability is known, `--local-mem-budget` (the device's local
  /// memory) and `--max-workgroup-size` (WorkGroupSize when given and
  /// smaller, else the device's maximum; tdrc accepts at most 4096).
  /// Each option and value is its own element, ready for an argv.
  std::vector<std::string> tdrcOptions(size_t WorkGroupSize = 0) const;
};

/// Queries Device; throws ClError if a required query fails.
DeviceInfo queryDevice(cl_device_id Device);

} // namespace tdrc::rt

#endif
