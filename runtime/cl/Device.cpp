//===- Device.cpp - Device queries for tdrc's budget ----------------------===//
#include "tdrc/runtime/Device.h"
#include <CL/cl_ext.h>
#include <algorithm>
#include <cstdio>

namespace tdrc::rt {

namespace {

std::string stringInfo(cl_device_id D, cl_device_info What, const char *Call) {
  size_t Size = 0;
  check(clGetDeviceInfo(D, What, 0, nullptr, &Size), Call);
  std::string S(Size, '\0');
  check(clGetDeviceInfo(D, What, Size, S.data(), nullptr), Call);
  while (!S.empty() && S.back() == '\0')
    S.pop_back();
  return S;
}

template <typename T> T valueInfo(cl_device_id D, cl_device_info What,
                                  const char *Call) {
  T V{};
  check(clGetDeviceInfo(D, What, sizeof V, &V, nullptr), Call);
  return V;
}

} // namespace

bool DeviceInfo::isNvidia() const {
  return VendorId == 0x10de || Vendor.find("NVIDIA") != std::string::npos;
}

unsigned DeviceInfo::openCLCVersion() const {
  int Major = 0, Minor = 0;
  if (std::sscanf(OpenCLC.c_str(), "OpenCL C %d.%d", &Major, &Minor) != 2)
    return 0;
  return unsigned(Major * 100 + Minor * 10);
}

std::vector<std::string> DeviceInfo::tdrcOptions(size_t WorkGroupSize) const {
  std::vector<std::string> O;
  if (NvComputeMajor)
    O.insert(O.end(), {"--gpu", "sm_" + std::to_string(NvComputeMajor) +
                                    std::to_string(NvComputeMinor)});
  O.insert(O.end(), {"--local-mem-budget", std::to_string(LocalMemBytes)});
  size_t WG = MaxWorkGroupSize;
  if (WorkGroupSize && WorkGroupSize < WG)
    WG = WorkGroupSize;
  O.insert(O.end(), {"--max-workgroup-size",
                     std::to_string(std::min<size_t>(WG, 4096))});
  return O;
}

DeviceInfo queryDevice(cl_device_id D) {
  const char *Call = "clGetDeviceInfo";
  DeviceInfo I;
  I.Name = stringInfo(D, CL_DEVICE_NAME, Call);
  I.Vendor = stringInfo(D, CL_DEVICE_VENDOR, Call);
  I.Version = stringInfo(D, CL_DEVICE_VERSION, Call);
  I.OpenCLC = stringInfo(D, CL_DEVICE_OPENCL_C_VERSION, Call);
  I.VendorId = valueInfo<cl_uint>(D, CL_DEVICE_VENDOR_ID, Call);
  I.LocalMemBytes = valueInfo<cl_ulong>(D, CL_DEVICE_LOCAL_MEM_SIZE, Call);
  I.MaxWorkGroupSize = valueInfo<size_t>(D, CL_DEVICE_MAX_WORK_GROUP_SIZE, Call);
  I.ComputeUnits = valueInfo<cl_uint>(D, CL_DEVICE_MAX_COMPUTE_UNITS, Call);
  std::string Ext = stringInfo(D, CL_DEVICE_EXTENSIONS, Call);
  if (Ext.find("cl_nv_device_attribute_query") != std::string::npos) {
    I.NvComputeMajor =
        valueInfo<cl_uint>(D, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, Call);
    I.NvComputeMinor =
        valueInfo<cl_uint>(D, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, Call);
  }
  return I;
}

} // namespace tdrc::rt
