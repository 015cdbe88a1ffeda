//===- BuildOptionsTest.cpp - clBuildProgram's options as tdrc's flags -----===//
#include "BuildOptions.h"
#include "nvrtc/NvrtcOptions.h"
#include "gtest/gtest.h"

using tdrc::intercept::clangArgsFor;
using tdrc::intercept::splitOptions;
using Words = std::vector<std::string>;

TEST(InterceptBuildOptions, SplitsAtBlanksAndGroupsQuotes) {
  EXPECT_EQ(splitOptions("  -D A=1\t-DB \"-I/a dir\" 'x y'  "),
            (Words{"-D", "A=1", "-DB", "-I/a dir", "x y"}));
  EXPECT_EQ(splitOptions(""), Words{});
  EXPECT_EQ(splitOptions("-DS=\"\""), (Words{"-DS="}));
  EXPECT_EQ(splitOptions("\"\""), (Words{""})); // an empty word stays one
}

TEST(InterceptBuildOptions, KeepsWhatTheParseNeeds) {
  EXPECT_EQ(clangArgsFor("-DITERS=48 -I inc -cl-std=CL1.2 -cl-mad-enable "
                         "-w -cl-opt-disable -U X -Werror -D Y",
                         "/work"),
            (Words{"-DITERS=48", "-Iinc", "-cl-std=CL1.2", "-cl-mad-enable",
                   "-UX", "-DY", "-I/work"}));
}

TEST(InterceptBuildOptions, MacrosWithSpacesAndTheWorkingDirectoryLast) {
  EXPECT_EQ(clangArgsFor("-D 'M2S(x)=XM2S(x)' -I \"/a dir\"", "/cwd"),
            (Words{"-DM2S(x)=XM2S(x)", "-I/a dir", "-I/cwd"}));
  EXPECT_EQ(clangArgsFor("-cl-fast-relaxed-math -D", ""),
            (Words{"-cl-fast-relaxed-math"})); // a -D with nothing after it
}

TEST(InterceptNvrtcOptions, KeepsWhatTheParseNeedsInNvrtcSpellings) {
  using tdrc::intercept::nvrtcClangArgs;
  EXPECT_EQ(nvrtcClangArgs({"--gpu-architecture=compute_90", "-DN=4",
                            "--define-macro=M=1", "-D", "X", "-Iinc",
                            "--include-path=/a dir", "-U", "Y",
                            "--undefine-macro=Z", "-std=c++17",
                            "--pre-include=pre.h", "-include", "p2.h",
                            "-lineinfo", "--use_fast_math"}),
            (Words{"-D__CUDACC_RTC__", "-DN=4", "-DM=1", "-DX", "-Iinc",
                   "-I/a dir", "-UY", "-UZ", "-std=c++17", "-include",
                   "pre.h", "-include", "p2.h"}));
  // NVRTC's own macro always; an option with nothing after it is dropped.
  EXPECT_EQ(nvrtcClangArgs({"-D"}), (Words{"-D__CUDACC_RTC__"}));
}
