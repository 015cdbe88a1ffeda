//===- ProgramTest.cpp - Loading, building, TDR_DISABLE and errors ---------===//
#include "RuntimeTestUtil.h"
#include "classify_embed.h"
#include <filesystem>

using namespace tdrc::rt;
using namespace tdrc::rt::test;

namespace {

std::vector<int> mixedInput(size_t N) {
  std::vector<int> V(N);
  unsigned X = 12345;
  for (int &E : V)
    E = int((X = X * 1103515245u + 12345u) >> 16) % 5 - 1; // -1..3
  return V;
}

cl_uint clNumArgs(const Kernel &K) {
  cl_uint N = 0;
  EXPECT_EQ(clGetKernelInfo(K.get(), CL_KERNEL_NUM_ARGS, sizeof N, &N, nullptr),
            CL_SUCCESS);
  return N;
}

TEST(Program, FromFileBuildsTheRewrittenKernel) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  std::string Path = kernelPath("classify.tdr.cl");
  Program P = Program::fromFile(C, Path);
  EXPECT_FALSE(P.isOriginal());
  EXPECT_EQ(P.origin(), Path);
  EXPECT_EQ(P.source(), readText(Path));
  Kernel K = P.kernel("classify");
  EXPECT_TRUE(K.hasFeedback());
  EXPECT_EQ(K.numArgs(), 3u);
  EXPECT_EQ(clNumArgs(K), 4u); // and tdr_feedback
  std::vector<int> In = mixedInput(1000); // the last group partly inactive
  EXPECT_EQ(runClassify(C, K, In), originalClassify(C, In));
}

TEST(Program, FromSourceBuildsTheRewrittenKernel) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", "0");
  Program P = Program::fromSource(C, tdrc_classify_tdr_cl, tdrc_classify_cl,
                                  "classify");
  EXPECT_FALSE(P.isOriginal());
  EXPECT_EQ(P.origin(), "classify.tdr.cl");
  EXPECT_EQ(P.source(), std::string(tdrc_classify_tdr_cl));
  Kernel K = P.kernel("classify");
  EXPECT_TRUE(K.hasFeedback());
  std::vector<int> In = mixedInput(777);
  EXPECT_EQ(runClassify(C, K, In), originalClassify(C, In));
}

TEST(Program, BuildOptionsPutTheCallersLast) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  Program P = Program::fromSource(C, tdrc_classify_tdr_cl, tdrc_classify_cl,
                                  "classify", "-DEXTRA=1");
  EXPECT_EQ(P.buildOptions(32),
            "-cl-std=CL1.2 -cl-kernel-arg-info -DTDR_NEIGHBORS=32 -DEXTRA=1");
  Program Q = Program::fromSource(C, tdrc_classify_tdr_cl, tdrc_classify_cl,
                                  "classify", "-cl-std=CL1.1");
  EXPECT_EQ(Q.buildOptions(), "-cl-kernel-arg-info -cl-std=CL1.1");
}

TEST(Program, SyntaxErrorThrowsWithTheBuildLog) {
  TDRC_NEED_DEVICE(C);
  const char *Broken = "__kernel void broken(__global int *p)\n"
                       "{\n"
                       "    p[0] = ;\n"
                       "}\n";
  try {
    Program::fromSource(C, Broken, "", "broken");
    FAIL() << "a kernel with a syntax error built";
  } catch (const ClError &E) {
    EXPECT_EQ(E.code(), CL_BUILD_PROGRAM_FAILURE);
    EXPECT_EQ(E.call().rfind("clBuildProgram(broken.tdr.cl", 0), 0u) << E.call();
    EXPECT_NE(E.buildLog().find("expected expression"), std::string::npos)
        << E.buildLog();
    EXPECT_NE(std::string(E.what()).find("expected expression"),
              std::string::npos);
  }
}

TEST(Program, TdrDisableLoadsTheOriginalFile) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv On("TDR_DISABLE", "1");
  ASSERT_TRUE(Program::disabledByEnvironment());
  Program P = Program::fromFile(C, kernelPath("classify.tdr.cl"));
  EXPECT_TRUE(P.isOriginal());
  EXPECT_EQ(P.origin(), kernelPath("classify.cl"));
  EXPECT_EQ(P.source(), readText(kernelPath("classify.cl")));
  EXPECT_EQ(P.source().find("tdr_"), std::string::npos);
  Kernel K = P.kernel("classify");
  EXPECT_FALSE(K.hasFeedback());
  EXPECT_EQ(clNumArgs(K), 3u); // the device sees the original signature
  std::vector<int> In = mixedInput(300);
  EXPECT_EQ(runClassify(C, K, In), originalClassify(C, In));
}

TEST(Program, TdrDisableLoadsTheOriginalString) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv On("TDR_DISABLE", "yes");
  Program P = Program::fromSource(C, tdrc_classify_tdr_cl, tdrc_classify_cl,
                                  "classify");
  EXPECT_TRUE(P.isOriginal());
  EXPECT_EQ(P.origin(), "classify.cl");
  EXPECT_EQ(P.source(), std::string(tdrc_classify_cl));
  EXPECT_EQ(clNumArgs(P.kernel("classify")), 3u);
}

TEST(Program, TdrDisableWithoutAnOriginalThrows) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv On("TDR_DISABLE", "1");
  EXPECT_THROW(Program::fromSource(C, tdrc_classify_tdr_cl, "", "classify"),
               Error);
  auto Dir = std::filesystem::temp_directory_path() / "tdrc_runtime_lonely";
  std::filesystem::create_directories(Dir);
  // tdrc output under another name: no telling which file is the original.
  std::string Renamed = (Dir / "renamed.cl").string();
  std::ofstream(Renamed) << tdrc_classify_tdr_cl;
  EXPECT_THROW(Program::fromFile(C, Renamed), Error);
  // An original under any name is what TDR_DISABLE wants anyway.
  EXPECT_TRUE(Program::fromFile(C, kernelPath("classify.cl")).isOriginal());
  // X.tdr.cl without X.cl next to it.
  std::string Lonely = (Dir / "lonely.tdr.cl").string();
  std::ofstream(Lonely) << tdrc_classify_tdr_cl;
  std::filesystem::remove(Dir / "lonely.cl");
  try {
    Program::fromFile(C, Lonely);
    FAIL() << "TDR_DISABLE loaded something without lonely.cl";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("lonely.cl"), std::string::npos)
        << E.what();
  }
  std::filesystem::remove_all(Dir);
}

TEST(Program, OpenCLErrorsCarryTheirCodeAndCall) {
  TDRC_NEED_DEVICE(C);
  ScopedEnv Off("TDR_DISABLE", nullptr);
  Program P = Program::fromFile(C, kernelPath("classify.tdr.cl"));
  try {
    P.kernel("no_such_kernel");
    FAIL() << "an unknown kernel name was accepted";
  } catch (const ClError &E) {
    EXPECT_EQ(E.code(), CL_INVALID_KERNEL_NAME);
    EXPECT_EQ(E.call(), "clCreateKernel(\"no_such_kernel\")");
  }
  Kernel K = P.kernel("classify");
  int V = 0;
  try {
    K.setArg(7, V);
    FAIL() << "argument 7 of a 3-argument kernel was accepted";
  } catch (const ClError &E) {
    EXPECT_EQ(E.code(), CL_INVALID_ARG_INDEX);
    EXPECT_EQ(E.call(), "clSetKernelArg");
  }
  EXPECT_THROW(K.setArg(3, V), Error); // tdr_feedback is the runtime's
  EXPECT_THROW(Program::fromFile(C, kernelPath("missing.tdr.cl")), Error);
}

} // namespace
