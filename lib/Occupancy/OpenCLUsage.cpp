//===- OpenCLUsage.cpp - Building a program to read its kernels' usage ----===//
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include "tdrc/Occupancy/OpenCLUsage.h"

#include <CL/cl.h>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

// cl_nv_device_attribute_query, in case the headers predate it.
#ifndef CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
#define CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV 0x4000
#define CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV 0x4001
#endif

namespace tdrc {

namespace {

std::string lower(std::string S) {
  std::transform(S.begin(), S.end(), S.begin(),
                 [](unsigned char C) { return char(std::tolower(C)); });
  return S;
}

std::string deviceString(cl_device_id D, cl_device_info What) {
  size_t N = 0;
  if (clGetDeviceInfo(D, What, 0, nullptr, &N) != CL_SUCCESS || N == 0)
    return std::string();
  std::string S(N, '\0');
  clGetDeviceInfo(D, What, N, &S[0], nullptr);
  return std::string(S.c_str());
}

std::string platformName(cl_platform_id P) {
  char Buf[256] = "";
  clGetPlatformInfo(P, CL_PLATFORM_NAME, sizeof Buf, Buf, nullptr);
  return Buf;
}

/// The device and its context, kept between calls.
struct Session {
  bool Valid = false;
  std::string Hint;
  cl_device_id Device = nullptr;
  cl_context Context = nullptr;
  OpenCLDevice Info;
};

Session &session() {
  static Session S;
  return S;
}

bool pickDevice(const std::string &Hint, cl_platform_id &Platform,
                cl_device_id &Device, std::string &Why) {
  cl_uint NP = 0;
  cl_int Err = clGetPlatformIDs(0, nullptr, &NP);
  if (Err != CL_SUCCESS || NP == 0) {
    Why = "no OpenCL platform (clGetPlatformIDs: " +
          (Err != CL_SUCCESS ? "error " + std::to_string(Err)
                             : std::string("0 platforms")) +
          ")";
    return false;
  }
  std::vector<cl_platform_id> Ps(NP);
  clGetPlatformIDs(NP, Ps.data(), nullptr);
  std::string Want = lower(Hint);
  // Two passes without a hint: a GPU anywhere before any device.
  for (int Pass = 0; Pass < 2; ++Pass) {
    cl_device_type Type =
        Want.empty() && Pass == 0 ? CL_DEVICE_TYPE_GPU : CL_DEVICE_TYPE_ALL;
    for (cl_platform_id P : Ps) {
      cl_uint ND = 0;
      if (clGetDeviceIDs(P, Type, 0, nullptr, &ND) != CL_SUCCESS || ND == 0)
        continue;
      std::vector<cl_device_id> Ds(ND);
      clGetDeviceIDs(P, Type, ND, Ds.data(), nullptr);
      for (cl_device_id D : Ds) {
        std::string Names =
            lower(platformName(P) + " / " + deviceString(D, CL_DEVICE_NAME));
        if (Want.empty() || Names.find(Want) != std::string::npos) {
          Platform = P;
          Device = D;
          return true;
        }
      }
    }
    if (!Want.empty())
      break;
  }
  Why = Want.empty()
            ? "no OpenCL device"
            : "no OpenCL device or platform name contains \"" + Hint + "\"";
  return false;
}

bool openSession(const std::string &Hint, std::string &Why) {
  Session &S = session();
  if (S.Valid && S.Hint == Hint)
    return true;
  if (S.Valid) {
    clReleaseContext(S.Context);
    S = Session();
  }
  cl_platform_id P = nullptr;
  cl_device_id D = nullptr;
  if (!pickDevice(Hint, P, D, Why))
    return false;
  cl_context_properties Props[] = {CL_CONTEXT_PLATFORM,
                                   (cl_context_properties)P, 0};
  cl_int Err = CL_SUCCESS;
  cl_context C = clCreateContext(Props, 1, &D, nullptr, nullptr, &Err);
  if (Err != CL_SUCCESS) {
    Why = "clCreateContext failed: error " + std::to_string(Err);
    return false;
  }
  S.Valid = true;
  S.Hint = Hint;
  S.Device = D;
  S.Context = C;
  S.Info.Platform = platformName(P);
  S.Info.Name = deviceString(D, CL_DEVICE_NAME);
  S.Info.Driver = deviceString(D, CL_DRIVER_VERSION);
  if (deviceString(D, CL_DEVICE_EXTENSIONS)
          .find("cl_nv_device_attribute_query") != std::string::npos) {
    cl_uint Major = 0, Minor = 0;
    if (clGetDeviceInfo(D, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof Major,
                        &Major, nullptr) == CL_SUCCESS &&
        clGetDeviceInfo(D, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, sizeof Minor,
                        &Minor, nullptr) == CL_SUCCESS)
      S.Info.Arch = "sm_" + std::to_string(Major) + std::to_string(Minor);
  }
  return true;
}

std::string buildLog(cl_program Prog, cl_device_id D) {
  size_t N = 0;
  clGetProgramBuildInfo(Prog, D, CL_PROGRAM_BUILD_LOG, 0, nullptr, &N);
  std::string Log(N, '\0');
  if (N)
    clGetProgramBuildInfo(Prog, D, CL_PROGRAM_BUILD_LOG, N, &Log[0], nullptr);
  return std::string(Log.c_str());
}

/// The program's binary (PTX on NVIDIA), or "".
std::string programBinary(cl_program Prog) {
  size_t Size = 0;
  if (clGetProgramInfo(Prog, CL_PROGRAM_BINARY_SIZES, sizeof Size, &Size,
                       nullptr) != CL_SUCCESS ||
      Size == 0)
    return std::string();
  std::string Bin(Size, '\0');
  unsigned char *Ptr = reinterpret_cast<unsigned char *>(&Bin[0]);
  if (clGetProgramInfo(Prog, CL_PROGRAM_BINARIES, sizeof Ptr, &Ptr, nullptr) !=
      CL_SUCCESS)
    return std::string();
  return std::string(Bin.c_str()); // PTX is text; drop the trailing NUL
}

/// ptxas -v on Ptx, or nullopt with Why.
std::optional<std::string> ptxasOnBinary(const std::string &Ptx,
                                         const std::string &Arch,
                                         std::string &Why) {
  if (Ptx.find(".entry") == std::string::npos) {
    Why = "the program binary is not PTX";
    return std::nullopt;
  }
  const char *Tmp = std::getenv("TMPDIR");
  std::string Path =
      std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/tdrc-usage-XXXXXX";
  int Fd = mkstemp(&Path[0]);
  if (Fd < 0) {
    Why = "cannot create a temporary file";
    return std::nullopt;
  }
  bool Ok = write(Fd, Ptx.data(), Ptx.size()) == ssize_t(Ptx.size());
  close(Fd);
  std::optional<std::string> Out;
  if (Ok)
    Out = runPtxasVerbose(Path, Arch, Why);
  else
    Why = "cannot write the PTX to " + Path;
  unlink(Path.c_str());
  return Out;
}

} // namespace

std::optional<std::vector<MeasuredKernel>>
measureOpenCLKernels(const std::string &Source, const std::string &BuildOptions,
                     const std::string &DeviceHint, std::string &Why) {
  if (!openSession(DeviceHint, Why))
    return std::nullopt;
  Session &S = session();
  const bool Nvidia = !S.Info.Arch.empty();

  const char *Text = Source.c_str();
  size_t Len = Source.size();
  cl_int Err = CL_SUCCESS;
  cl_program Prog = clCreateProgramWithSource(S.Context, 1, &Text, &Len, &Err);
  if (Err != CL_SUCCESS) {
    Why = "clCreateProgramWithSource failed: error " + std::to_string(Err);
    return std::nullopt;
  }
  // NVIDIA prints the driver's ptxas report into the build log on request.
  std::string Options = BuildOptions;
  bool Verbose = Nvidia;
  if (Verbose)
    Options += " -cl-nv-verbose";
  Err = clBuildProgram(Prog, 1, &S.Device, Options.c_str(), nullptr, nullptr);
  if (Err == CL_INVALID_BUILD_OPTIONS && Verbose) {
    Verbose = false;
    Err = clBuildProgram(Prog, 1, &S.Device, BuildOptions.c_str(), nullptr,
                         nullptr);
  }
  std::string Log = buildLog(Prog, S.Device);
  if (Err != CL_SUCCESS) {
    Why = "build failed on " + S.Info.Name + " (error " + std::to_string(Err) +
          "):\n" + Log;
    clReleaseProgram(Prog);
    return std::nullopt;
  }

  cl_uint NK = 0;
  clCreateKernelsInProgram(Prog, 0, nullptr, &NK);
  std::vector<cl_kernel> Kernels(NK);
  if (NK)
    clCreateKernelsInProgram(Prog, NK, Kernels.data(), nullptr);

  std::string PtxasOut, PtxasWhy, Ptx;
  bool HavePtxas = false;
  if (Nvidia) {
    Ptx = programBinary(Prog);
    if (auto Out = ptxasOnBinary(Ptx, S.Info.Arch, PtxasWhy)) {
      PtxasOut = *Out;
      HavePtxas = true;
    }
  }

  std::vector<MeasuredKernel> Result;
  for (cl_kernel K : Kernels) {
    MeasuredKernel M;
    M.Device = S.Info;
    M.BuildLog = Log;
    M.Ptx = Ptx;
    char Name[512] = "";
    clGetKernelInfo(K, CL_KERNEL_FUNCTION_NAME, sizeof Name, Name, nullptr);
    M.Name = Name;
    cl_ulong Local = 0, Private = 0;
    size_t Wg = 0;
    clGetKernelWorkGroupInfo(K, S.Device, CL_KERNEL_LOCAL_MEM_SIZE,
                             sizeof Local, &Local, nullptr);
    clGetKernelWorkGroupInfo(K, S.Device, CL_KERNEL_PRIVATE_MEM_SIZE,
                             sizeof Private, &Private, nullptr);
    clGetKernelWorkGroupInfo(K, S.Device, CL_KERNEL_WORK_GROUP_SIZE, sizeof Wg,
                             &Wg, nullptr);
    M.LocalMemBytes = Local;
    M.PrivateMemBytes = Private;
    M.MaxWorkGroupSize = Wg;
    if (Verbose)
      M.FromBuildLog = parsePtxasVerbose(Log, M.Name);
    if (HavePtxas)
      M.FromPtxas = parsePtxasVerbose(PtxasOut, M.Name);

    // The driver's own report first: it is what runs.
    if (M.FromBuildLog) {
      M.Usage = *M.FromBuildLog;
      M.Usage.Source = "measured: NVIDIA OpenCL build log " + S.Info.Arch;
    } else if (M.FromPtxas) {
      M.Usage = *M.FromPtxas;
      M.Usage.Source = "measured: NVIDIA OpenCL + ptxas " + S.Info.Arch;
    } else {
      M.Usage.Source =
          "measured: OpenCL " + S.Info.Name + " (local memory only)";
      M.Why = Nvidia ? "no ptxas report in the build log, and " +
                           (HavePtxas ? "none for this kernel from ptxas"
                                      : PtxasWhy)
                     : S.Info.Platform + " reports no register counts";
    }
    // The driver's report is what the launch allocates (toolkit ptxas says
    // 0-16 bytes less on sm_90); the runtime's figure matches it except
    // that NVIDIA reads 1 for a kernel without local memory.
    if (M.FromBuildLog)
      M.Usage.SharedBytes = M.FromBuildLog->SharedBytes;
    else
      M.Usage.SharedBytes = Nvidia && Local == 1 ? 0 : unsigned(Local);
    Result.push_back(std::move(M));
    clReleaseKernel(K);
  }
  clReleaseProgram(Prog);
  return Result;
}

std::optional<MeasuredKernel>
measureOpenCLKernel(const std::string &Source, const std::string &BuildOptions,
                    const std::string &KernelName,
                    const std::string &DeviceHint, std::string &Why) {
  auto All = measureOpenCLKernels(Source, BuildOptions, DeviceHint, Why);
  if (!All)
    return std::nullopt;
  for (MeasuredKernel &M : *All)
    if (M.Name == KernelName)
      return std::move(M);
  Why = "no kernel '" + KernelName + "' in the program";
  return std::nullopt;
}

} // namespace tdrc
