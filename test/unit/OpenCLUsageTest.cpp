//===- OpenCLUsageTest.cpp - Measuring through whatever OpenCL is here ----===//
//
// Runs on any OpenCL device (PoCL in CI): local memory is what every
// implementation reports; registers only NVIDIA's, so elsewhere they must
// come back as 0 with a reason.  Skipped without a device.
//
//===----------------------------------------------------------------------===//
#include "tdrc/Occupancy/OpenCLUsage.h"
#include "gtest/gtest.h"

using namespace tdrc;

namespace {

const char Src[] =
    "__kernel void plain(__global int *p) { p[get_global_id(0)] = 1; }\n"
    "__kernel void withLocal(__global int *p) {\n"
    "  __local int s[300];\n"
    "  s[get_local_id(0)] = p[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  p[get_global_id(0)] = s[get_local_size(0) - 1 - get_local_id(0)];\n"
    "}\n";

bool noDevice(const std::string &Why) { return Why.rfind("no OpenCL", 0) == 0; }

TEST(OpenCLUsage, LocalMemoryAndRegisters) {
  std::string Why;
  auto All = measureOpenCLKernels(Src, "", "", Why);
  if (!All && noDevice(Why))
    GTEST_SKIP() << Why;
  ASSERT_TRUE(All) << Why;
  ASSERT_EQ(All->size(), 2u);
  auto W = measureOpenCLKernel(Src, "", "withLocal", "", Why);
  ASSERT_TRUE(W) << Why;
  EXPECT_GE(W->Usage.SharedBytes, 1200u);
  EXPECT_EQ(W->Usage.SharedBytes, W->LocalMemBytes);
  EXPECT_FALSE(W->Device.Name.empty());
  if (W->Device.Arch.empty()) { // not NVIDIA
    EXPECT_EQ(W->Usage.Registers, 0u);
    EXPECT_FALSE(W->Why.empty());
  } else if (W->Why.empty()) {
    EXPECT_GT(W->Usage.Registers, 0u);
  }
}

TEST(OpenCLUsage, Errors) {
  std::string Why;
  auto Bad = measureOpenCLKernels("__kernel void f(__global int *p) { p[0] = "
                                  "undeclared_q; }",
                                  "", "", Why);
  if (!Bad && noDevice(Why))
    GTEST_SKIP() << Why;
  EXPECT_FALSE(Bad);
  EXPECT_NE(Why.find("build failed"), std::string::npos) << Why;
  EXPECT_NE(Why.find("undeclared_q"), std::string::npos) << Why; // the log

  EXPECT_FALSE(measureOpenCLKernel(Src, "", "missing", "", Why));
  EXPECT_NE(Why.find("missing"), std::string::npos) << Why;

  EXPECT_FALSE(measureOpenCLKernels(Src, "", "no-such-device-xyz", Why));
  EXPECT_NE(Why.find("no-such-device-xyz"), std::string::npos) << Why;
}

} // namespace
