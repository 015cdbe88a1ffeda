//===- ShadowBuild.cpp - From the cached binary, else from the source ------===//
#include "ShadowBuild.h"
#include "RealCL.h"
#include "tdrc/runtime/Error.h"
#include <vector>

namespace tdrc::intercept {

namespace {

std::string deviceText(cl_device_id D, cl_device_info What) {
  size_t Size = 0;
  if (clGetDeviceInfo(D, What, 0, nullptr, &Size) != CL_SUCCESS || !Size)
    return "";
  std::string S(Size, '\0');
  clGetDeviceInfo(D, What, Size, S.data(), nullptr);
  return S.c_str();
}

// The one device of the build, or null (several: no binary cache).
cl_device_id onlyDevice(cl_context C, cl_uint NumDevices,
                        const cl_device_id *Devices) {
  if (Devices)
    return NumDevices == 1 ? Devices[0] : nullptr;
  cl_uint N = 0;
  if (clGetContextInfo(C, CL_CONTEXT_NUM_DEVICES, sizeof N, &N, nullptr) !=
          CL_SUCCESS ||
      N != 1)
    return nullptr;
  cl_device_id D = nullptr;
  clGetContextInfo(C, CL_CONTEXT_DEVICES, sizeof D, &D, nullptr);
  return D;
}

// The log's first line: enough for one line of TDR_LOG.
std::string buildLogHead(cl_program P, cl_device_id D) {
  std::string Log = D ? rt::buildLog(P, D) : "";
  size_t Start = Log.find_first_not_of("\n \t");
  if (Start == std::string::npos)
    return "empty build log";
  return Log.substr(Start, Log.find('\n', Start) - Start);
}

cl_program fromBinary(cl_context C, cl_device_id D, const std::string &Bin,
                      const std::string &Opts) {
  const unsigned char *Ptr =
      reinterpret_cast<const unsigned char *>(Bin.data());
  size_t Len = Bin.size();
  cl_int Status = CL_SUCCESS, Err = CL_SUCCESS;
  cl_program P =
      clCreateProgramWithBinary(C, 1, &D, &Len, &Ptr, &Status, &Err);
  if (Err != CL_SUCCESS || Status != CL_SUCCESS || !P)
    return nullptr;
  if (real().BuildProgram(P, 1, &D, Opts.c_str(), nullptr, nullptr) !=
      CL_SUCCESS) {
    real().ReleaseProgram(P);
    return nullptr;
  }
  return P;
}

void saveBinary(cl_program P, const std::string &Path) {
  size_t Size = 0;
  if (clGetProgramInfo(P, CL_PROGRAM_BINARY_SIZES, sizeof Size, &Size,
                       nullptr) != CL_SUCCESS ||
      !Size)
    return;
  std::string Bin(Size, '\0');
  unsigned char *Ptr = reinterpret_cast<unsigned char *>(Bin.data());
  if (clGetProgramInfo(P, CL_PROGRAM_BINARIES, sizeof Ptr, &Ptr, nullptr) ==
      CL_SUCCESS)
    publishCacheFile(Path, Bin);
}

} // namespace

ShadowBuild buildShadow(cl_context C, const ProgramRewrite &R,
                        cl_uint NumDevices, const cl_device_id *Devices,
                        const std::string &Options) {
  ShadowBuild B;
  // Argument names for the choice's `when`; no in-kernel fallback copies.
  std::string Opts = Options + " -cl-kernel-arg-info -DTDR_HOST_CHOOSES";
  cl_device_id D = onlyDevice(C, NumDevices, Devices);
  std::string BinPath;
  if (D && !R.EntryBase.empty()) {
    BinPath = R.EntryBase + "." +
              cacheKey({deviceText(D, CL_DEVICE_NAME),
                        deviceText(D, CL_DEVICE_VENDOR),
                        deviceText(D, CL_DRIVER_VERSION),
                        deviceText(D, CL_DEVICE_VERSION), Opts}) +
              ".bin";
    std::string Bin;
    if (readCacheFile(BinPath, Bin) && (B.Program = fromBinary(C, D, Bin, Opts))) {
      B.FromBinary = true;
      return B;
    }
  }
  const char *Text = R.Source.c_str();
  cl_int Err = CL_SUCCESS;
  cl_program P = real().CreateProgramWithSource(C, 1, &Text, nullptr, &Err);
  if (Err != CL_SUCCESS || !P) {
    B.Why = "clCreateProgramWithSource failed (" + std::to_string(Err) + ")";
    return B;
  }
  Err = real().BuildProgram(P, NumDevices, Devices, Opts.c_str(), nullptr,
                            nullptr);
  if (Err != CL_SUCCESS) {
    cl_device_id First = D;
    if (!First)
      clGetProgramInfo(P, CL_PROGRAM_DEVICES, sizeof First, &First, nullptr);
    B.Why = "the rewrite does not build (" + std::to_string(Err) +
            "): " + buildLogHead(P, First);
    real().ReleaseProgram(P);
    return B;
  }
  if (!BinPath.empty())
    saveBinary(P, BinPath);
  B.Program = P;
  return B;
}

} // namespace tdrc::intercept
