//===- OpenCLUsage.h - A kernel's usage, measured by the OpenCL runtime ---===//
//
// Builds a program on a real device and reads what it takes.  Every OpenCL
// implementation reports local memory (CL_KERNEL_LOCAL_MEM_SIZE); registers
// only NVIDIA's, from the ptxas report in the build log (-cl-nv-verbose) or
// by running ptxas -v on the program binary, which is PTX there.  Library
// tdrcOpenCLUsage, built only where an OpenCL loader is found.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_OCCUPANCY_OPENCLUSAGE_H
#define TDRC_OCCUPANCY_OPENCLUSAGE_H

#include "tdrc/Occupancy/KernelUsage.h"
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

struct OpenCLDevice {
  std::string Platform, Name, Driver;
  std::string Arch; // "sm_90" on NVIDIA (cl_nv_device_attribute_query), else ""
};

struct MeasuredKernel {
  std::string Name;
  /// The figures to use.  Registers is 0 where none could be measured (any
  /// non-NVIDIA device; NVIDIA without a ptxas report): Why says so.
  /// SharedBytes: the driver's ptxas report where there is one, else
  /// CL_KERNEL_LOCAL_MEM_SIZE (NVIDIA reads 1 there for none: taken as 0).
  KernelUsage Usage;
  std::string Why;
  // Each NVIDIA source on its own, to compare: the driver's build log and
  // the toolkit's ptxas on the program's PTX.
  std::optional<KernelUsage> FromBuildLog, FromPtxas;
  // The runtime's kernel work-group info.
  unsigned long long LocalMemBytes = 0;   // CL_KERNEL_LOCAL_MEM_SIZE
  unsigned long long PrivateMemBytes = 0; // CL_KERNEL_PRIVATE_MEM_SIZE
  size_t MaxWorkGroupSize =
      0; // CL_KERNEL_WORK_GROUP_SIZE; bounded by registers on NVIDIA
  OpenCLDevice Device;
  std::string BuildLog; // the whole program's
  std::string Ptx;      // the program's binary on NVIDIA
};

/// Every kernel of Source built with BuildOptions on the first GPU device,
/// else the first device, or the first whose device or platform name
/// contains DeviceHint (case-insensitive).  nullopt with Why when there is
/// no platform or device, or the build fails (Why holds the build log).
/// The device's context is kept for the next call with the same hint.
std::optional<std::vector<MeasuredKernel>>
measureOpenCLKernels(const std::string &Source, const std::string &BuildOptions,
                     const std::string &DeviceHint, std::string &Why);

/// measureOpenCLKernels for one kernel; also nullopt when it is not there.
std::optional<MeasuredKernel>
measureOpenCLKernel(const std::string &Source, const std::string &BuildOptions,
                    const std::string &KernelName,
                    const std::string &DeviceHint, std::string &Why);

} // namespace tdrc

#endif
