//===- DeviceTest.cpp - Device queries and the tdrc options they give ------===//
#include "RuntimeTestUtil.h"

using namespace tdrc::rt;
using namespace tdrc::rt::test;

namespace {

template <typename T> T direct(cl_device_id D, cl_device_info What) {
  T V{};
  EXPECT_EQ(clGetDeviceInfo(D, What, sizeof V, &V, nullptr), CL_SUCCESS);
  return V;
}

TEST(Device, QueryOnTheDefaultDeviceIsSane) {
  TDRC_NEED_DEVICE(C);
  const DeviceInfo &I = C.deviceInfo();
  EXPECT_FALSE(I.Name.empty());
  EXPECT_FALSE(I.Vendor.empty());
  EXPECT_GE(I.openCLCVersion(), 110u) << I.OpenCLC;
  EXPECT_GE(I.LocalMemBytes, 16384u); // OpenCL 1.x full profile: 32 KiB
  EXPECT_LE(I.LocalMemBytes, cl_ulong(1) << 30);
  EXPECT_GE(I.MaxWorkGroupSize, 1u);
  EXPECT_LE(I.MaxWorkGroupSize, size_t(1) << 20);
  EXPECT_GE(I.ComputeUnits, 1u);
  EXPECT_EQ(I.LocalMemBytes, direct<cl_ulong>(C.device(), CL_DEVICE_LOCAL_MEM_SIZE));
  EXPECT_EQ(I.ComputeUnits, direct<cl_uint>(C.device(), CL_DEVICE_MAX_COMPUTE_UNITS));
  if (!I.isNvidia())
    EXPECT_EQ(I.NvComputeMajor, 0u);
  else
    EXPECT_GE(I.NvComputeMajor, 5u);
}

TEST(Device, OptionsForTdrc) {
  DeviceInfo H200;
  H200.Vendor = "NVIDIA Corporation";
  H200.VendorId = 0x10de;
  H200.LocalMemBytes = 49152;
  H200.MaxWorkGroupSize = 1024;
  H200.NvComputeMajor = 9;
  EXPECT_EQ(H200.tdrcOptions(),
            (std::vector<std::string>{"--gpu", "sm_90", "--local-mem-budget",
                                      "49152", "--max-workgroup-size", "1024"}));
  EXPECT_EQ(H200.tdrcOptions(256).back(), "256");
  DeviceInfo Cpu;
  Cpu.LocalMemBytes = 4194304;
  Cpu.MaxWorkGroupSize = 8192;
  EXPECT_EQ(Cpu.tdrcOptions(),
            (std::vector<std::string>{"--local-mem-budget", "4194304",
                                      "--max-workgroup-size", "4096"}));
}

TEST(Device, TdrcAcceptsTheDefaultDevicesOptions) {
  TDRC_NEED_DEVICE(C);
  std::string Cmd = TDRC_BIN;
  for (const std::string &O : C.deviceInfo().tdrcOptions(256))
    Cmd += " '" + O + "'";
  std::string Out = ::testing::TempDir() + "tdrc_device_options.cl";
  Cmd += " " + kernelPath("classify.cl") + " -o '" + Out + "'";
  EXPECT_EQ(std::system(Cmd.c_str()), 0) << Cmd;
  EXPECT_NE(readText(Out).find("tdrc: round 1"), std::string::npos);
}

} // namespace
