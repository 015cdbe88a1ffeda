//===- tdrc-usage.cpp - Print a kernel's registers and shared memory ------===//
//
// For each kernel of an OpenCL file (built on a device) or a PTX file (ptxas
// -v) prints `kernel NAME: regs=N smem=B (source)`, or with --tdrc-flags
// the `--regs=N --smem=B` to hand to tdrc.  No LLVM: it runs on a GPU
// machine that has only a driver (and perhaps a CUDA toolkit).
//
//===----------------------------------------------------------------------===//
#include "tdrc/Occupancy/GpuTable.h"
#include "tdrc/Occupancy/KernelUsage.h"
#ifdef TDRC_HAVE_OPENCL
#include "tdrc/Occupancy/OpenCLUsage.h"
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace tdrc;

namespace {

const char Usage[] =
    "usage: tdrc-usage [options] FILE...\n"
    "  FILE.cl   built with the OpenCL device; registers on NVIDIA only\n"
    "  FILE.ptx  run through ptxas -v (registers and shared memory)\n"
    "options:\n"
    "  --device HINT          device or platform whose name contains HINT\n"
    "                         (default: the first GPU, else the first device)\n"
    "  --build-options \"...\"  OpenCL build options (e.g. -DN=4)\n"
    "  --kernel NAME          only this kernel\n"
    "  --arch sm_XX           ptxas target for .ptx (default: its .target)\n"
    "  --tdrc-flags           print --regs=N --smem=B for tdrc (one kernel)\n"
    "  --verbose              every source's figures and the runtime's info\n"
    "  --build-log            print each OpenCL program's build log\n"
    "  --save-ptx DIR         NVIDIA: write each program's PTX to "
    "DIR/NAME.ptx\n";

struct Options {
  std::string Device, BuildOptions, Kernel, Arch, SavePtx;
  bool TdrcFlags = false, Verbose = false, BuildLog = false;
  std::vector<std::string> Files;
};

struct Row {
  std::string File, Kernel;
  KernelUsage U;
  std::string Why, Detail;
};

bool endsWith(const std::string &S, const char *Suffix) {
  size_t N = std::strlen(Suffix);
  return S.size() >= N && S.compare(S.size() - N, N, Suffix) == 0;
}

std::string describe(const KernelUsage &U) {
  std::string S = "regs=" + std::to_string(U.Registers) +
                  " smem=" + std::to_string(U.SharedBytes);
  if (U.StackFrameBytes || U.SpillStoreBytes || U.SpillLoadBytes)
    S += " stack=" + std::to_string(U.StackFrameBytes) +
         " spill=" + std::to_string(U.SpillStoreBytes) + "/" +
         std::to_string(U.SpillLoadBytes);
  return S;
}

bool measurePtx(const Options &O, const std::string &File,
                std::vector<Row> &Rows) {
  std::string Why;
  auto Out = runPtxasVerbose(File, O.Arch, Why);
  if (!Out) {
    std::fprintf(stderr, "tdrc-usage: %s: %s\n", File.c_str(), Why.c_str());
    return false;
  }
  std::string Arch = O.Arch;
  if (Arch.empty()) {
    std::ifstream In(File);
    std::stringstream T;
    T << In.rdbuf();
    Arch = ptxTarget(T.str());
  }
  for (auto &E : parsePtxasVerboseAll(*Out)) {
    Row R{File, E.first, E.second, "", ""};
    R.U.Source = "measured: ptxas " + Arch;
    Rows.push_back(R);
  }
  return true;
}

#ifdef TDRC_HAVE_OPENCL
bool measureCl(const Options &O, const std::string &File,
               std::vector<Row> &Rows, std::string &DeviceLine) {
  std::ifstream In(File);
  if (!In) {
    std::fprintf(stderr, "tdrc-usage: cannot read %s\n", File.c_str());
    return false;
  }
  std::stringstream Text;
  Text << In.rdbuf();
  std::string Why;
  auto All = measureOpenCLKernels(Text.str(), O.BuildOptions, O.Device, Why);
  if (!All) {
    std::fprintf(stderr, "tdrc-usage: %s: %s\n", File.c_str(), Why.c_str());
    return false;
  }
  if (O.BuildLog && !All->empty())
    std::printf("# build log of %s:\n%s\n# end of build log\n", File.c_str(),
                All->front().BuildLog.c_str());
  if (!O.SavePtx.empty() && !All->empty() && !All->front().Ptx.empty()) {
    std::string Base = File.substr(File.find_last_of('/') + 1);
    std::ofstream(O.SavePtx + "/" + Base + ".ptx") << All->front().Ptx;
  }
  for (MeasuredKernel &M : *All) {
    if (DeviceLine.empty()) {
      const OpenCLDevice &D = M.Device;
      DeviceLine = D.Name + " (" + D.Platform + ", driver " + D.Driver + ")";
      if (!D.Arch.empty())
        DeviceLine +=
            std::string(", ") + D.Arch +
            (findGpu(D.Arch) ? ", in the GPU table" : ", not in the GPU table");
    }
    Row R{File, M.Name, M.Usage, M.Why, ""};
    std::string &S = R.Detail;
    S = "local_mem=" + std::to_string(M.LocalMemBytes) +
        " private_mem=" + std::to_string(M.PrivateMemBytes) +
        " max_wg=" + std::to_string(M.MaxWorkGroupSize);
    if (M.FromBuildLog)
      S += "; build log: " + describe(*M.FromBuildLog);
    if (M.FromPtxas)
      S += "; ptxas: " + describe(*M.FromPtxas);
    Rows.push_back(R);
  }
  return true;
}
#endif

bool parseArgs(int Argc, char **Argv, Options &O) {
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&](std::string &To) {
      if (I + 1 >= Argc) {
        std::fprintf(stderr, "tdrc-usage: %s needs a value\n", A.c_str());
        return false;
      }
      To = Argv[++I];
      return true;
    };
    if (A == "--device" || A == "--build-options" || A == "--kernel" ||
        A == "--arch" || A == "--save-ptx") {
      std::string &To = A == "--device"          ? O.Device
                        : A == "--build-options" ? O.BuildOptions
                        : A == "--kernel"        ? O.Kernel
                        : A == "--arch"          ? O.Arch
                                                 : O.SavePtx;
      if (!Value(To))
        return false;
    } else if (A == "--tdrc-flags") {
      O.TdrcFlags = true;
    } else if (A == "--verbose") {
      O.Verbose = true;
    } else if (A == "--build-log") {
      O.BuildLog = true;
    } else if (A == "-h" || A == "--help") {
      std::fputs(Usage, stdout);
      std::exit(0);
    } else if (!A.empty() && A[0] == '-') {
      std::fprintf(stderr, "tdrc-usage: unknown option %s\n%s", A.c_str(),
                   Usage);
      return false;
    } else {
      O.Files.push_back(A);
    }
  }
  if (O.Files.empty()) {
    std::fputs(Usage, stderr);
    return false;
  }
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  Options O;
  if (!parseArgs(Argc, Argv, O))
    return 2;
  bool Ok = true;
  std::vector<Row> Rows;
  std::string DeviceLine;
  for (const std::string &F : O.Files) {
    if (endsWith(F, ".ptx")) {
      Ok &= measurePtx(O, F, Rows);
      continue;
    }
#ifdef TDRC_HAVE_OPENCL
    Ok &= measureCl(O, F, Rows, DeviceLine);
#else
    std::fprintf(stderr, "tdrc-usage: %s: built without OpenCL; give a .ptx\n",
                 F.c_str());
    Ok = false;
#endif
  }
  if (!O.Kernel.empty()) {
    std::vector<Row> Kept;
    for (Row &R : Rows)
      if (R.Kernel == O.Kernel)
        Kept.push_back(R);
    if (Kept.empty()) {
      std::fprintf(stderr, "tdrc-usage: no kernel '%s'\n", O.Kernel.c_str());
      return 1;
    }
    Rows.swap(Kept);
  }

  if (O.TdrcFlags) {
    if (Rows.size() != 1) {
      std::fprintf(stderr,
                   "tdrc-usage: --tdrc-flags needs one kernel (%zu "
                   "found); name it with --kernel\n",
                   Rows.size());
      return 1;
    }
    const Row &R = Rows[0];
    if (R.U.Registers)
      std::printf("--regs=%u ", R.U.Registers);
    else
      std::fprintf(stderr, "tdrc-usage: %s: no register count (%s)\n",
                   R.Kernel.c_str(), R.Why.c_str());
    std::printf("--smem=%u\n", R.U.SharedBytes);
    return Ok ? 0 : 1;
  }

  if (!DeviceLine.empty())
    std::printf("# device: %s\n", DeviceLine.c_str());
  bool Prefix = O.Files.size() > 1;
  for (const Row &R : Rows) {
    std::printf("%s%skernel %s: %s (%s)\n", Prefix ? R.File.c_str() : "",
                Prefix ? ": " : "", R.Kernel.c_str(), describe(R.U).c_str(),
                R.U.Source.c_str());
    if (!R.Why.empty())
      std::printf("#   no registers: %s\n", R.Why.c_str());
    if (O.Verbose && !R.Detail.empty())
      std::printf("#   %s\n", R.Detail.c_str());
  }
  return Ok ? 0 : 1;
}
