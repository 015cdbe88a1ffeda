//===- Measure.cpp - Timing an original against its rewrite ----------------===//
//
// Through tdrc's OpenCL runtime (runtime/cl), as benchmarks/corpus does:
// profiling events give each launch's kernel time, and the two kernels
// alternate launch by launch (back to back, 10-20 us kernels drifted 5-8%).
//
//===----------------------------------------------------------------------===//
#include "Measure.h"
#include "tdrc/runtime/Runtime.h"
#include <cstring>
#include <random>

namespace tdrc::cal {

using namespace tdrc::rt;

namespace {
constexpr size_t WorkGroup = 256;

std::string platformName(cl_device_id D) {
  cl_platform_id P = nullptr;
  char B[256] = {0};
  if (clGetDeviceInfo(D, CL_DEVICE_PLATFORM, sizeof P, &P, nullptr) ==
          CL_SUCCESS &&
      clGetPlatformInfo(P, CL_PLATFORM_NAME, sizeof B - 1, B, nullptr) ==
          CL_SUCCESS)
    return B;
  return "";
}

std::vector<int> randomKeys(unsigned N) {
  std::mt19937 Rng(12345);
  std::vector<int> K(N);
  for (int &V : K)
    V = int(Rng() & 0x7fffffff);
  return K;
}

std::vector<float> randomInputs(unsigned N) {
  std::mt19937 Rng(54321);
  std::vector<float> X(N);
  for (float &V : X)
    V = float(Rng() & 0xffffff) / 16777216.0f;
  return X;
}

/// One program's kernel with its own output buffers.
struct Side {
  Program P;
  Kernel K;
  Buffer OutF, OutU;
  double Ms = 0;
  Side(const Context &C, const std::string &Src, const std::string &Label,
       const Buffer &Keys, const Buffer &X, unsigned N)
      : P(Program::fromSource(C, Src, Src, Label)), K(P.kernel("cal")),
        OutF(C, size_t(N) * 4), OutU(C, size_t(N) * 4) {
    K.setArg(0, Keys);
    K.setArg(1, X);
    K.setArg(2, OutF);
    K.setArg(3, OutU);
    K.setArg(5, int(N));
  }
  double launch(unsigned N) {
    cl_event E = nullptr;
    K.launch({size_t(N)}, {WorkGroup}, &E);
    double Ms = eventMillis(E);
    clReleaseEvent(E);
    return Ms;
  }
};

bool sameOutputs(const Side &A, const Side &B) {
  return A.OutF.read<unsigned>() == B.OutF.read<unsigned>() &&
         A.OutU.read<unsigned>() == B.OutU.read<unsigned>();
}
} // namespace

Context openDevice(int Platform, int Device) {
  if (Platform < 0 && Device < 0)
    return Context::createDefault(/*Profiling=*/true);
  cl_uint NP = 0;
  check(clGetPlatformIDs(0, nullptr, &NP), "clGetPlatformIDs");
  std::vector<cl_platform_id> Ps(NP);
  check(clGetPlatformIDs(NP, Ps.data(), nullptr), "clGetPlatformIDs");
  unsigned PI = Platform < 0 ? 0 : unsigned(Platform);
  if (PI >= NP)
    throw Error("no OpenCL platform " + std::to_string(PI) + " (there are " +
                std::to_string(NP) + ")");
  cl_uint ND = 0;
  check(clGetDeviceIDs(Ps[PI], CL_DEVICE_TYPE_ALL, 0, nullptr, &ND), "clGetDeviceIDs");
  std::vector<cl_device_id> Ds(ND);
  check(clGetDeviceIDs(Ps[PI], CL_DEVICE_TYPE_ALL, ND, Ds.data(), nullptr),
        "clGetDeviceIDs");
  unsigned DI = Device < 0 ? 0 : unsigned(Device);
  if (DI >= ND)
    throw Error("platform " + std::to_string(PI) + " has no device " +
                std::to_string(DI) + " (it has " + std::to_string(ND) + ")");
  cl_int E = CL_SUCCESS;
  cl_context Ctx = clCreateContext(nullptr, 1, &Ds[DI], nullptr, nullptr, &E);
  check(E, "clCreateContext");
  cl_command_queue Q =
      clCreateCommandQueue(Ctx, Ds[DI], CL_QUEUE_PROFILING_ENABLE, &E);
  if (E != CL_SUCCESS) {
    clReleaseContext(Ctx);
    check(E, "clCreateCommandQueue");
  }
  Context C(Ctx, Ds[DI], Q); // retains both
  clReleaseCommandQueue(Q);
  clReleaseContext(Ctx);
  return C;
}

DeviceDesc describe(const Context &C) {
  const DeviceInfo &I = C.deviceInfo();
  return {I.Name, platformName(C.device()), I.Version};
}

Bench::Bench(const Context &C, unsigned N, unsigned Reps)
    : C(C), N(N), Reps(Reps), Keys(C, randomKeys(N)), X(C, randomInputs(N)) {}

std::optional<std::string> Bench::compare(const std::string &Original,
                                          const std::string &Rewrite,
                                          const std::vector<int> &Lens,
                                          std::vector<Timing> &Out) {
  Side A(C, Original, "original", Keys, X, N);
  Side B(C, Rewrite, "rewrite", Keys, X, N);
  for (int Len : Lens) {
    A.K.setArg(4, Len);
    B.K.setArg(4, Len);
    A.Ms = B.Ms = 0;
    A.launch(N); // warm-up: first-launch costs
    B.launch(N);
    for (unsigned R = 0; R < Reps; ++R) {
      A.Ms += A.launch(N);
      B.Ms += B.launch(N);
    }
    if (!sameOutputs(A, B))
      return "the rewrite's output differs from the original's at len = " +
             std::to_string(Len);
    Out.push_back({Len, A.Ms / Reps, B.Ms / Reps});
  }
  return std::nullopt;
}

} // namespace tdrc::cal
