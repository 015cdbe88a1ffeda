//===- CudaParsing.cpp - How Clang is asked to parse a CUDA file ----------===//
#include "tdrc/Rewriter/CudaParsing.h"
#include "clang/Basic/Version.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

namespace tdrc {

namespace {

// The prelude as a string literal, generated from tdrc_cuda_prelude.h.
const char PreludeText[] =
#include "CudaPrelude.inc"
    ;

// Its stand-ins for cuda_fp16.h, cuda_bf16.h and cooperative_groups.h
// (tdrc_cuda_fp16.h, ...).
const char Fp16Text[] =
#include "CudaFp16.inc"
    ;
const char Bf16Text[] =
#include "CudaBf16.inc"
    ;
const char CoopGroupsText[] =
#include "CudaCoopGroups.inc"
    ;

// In-memory paths: nothing on disk is read or shadowed.
const char PreludeDir[] = "/__tdrc__/cuda";
const char PreludePath[] = "/__tdrc__/cuda/tdrc_cuda_prelude.h";
// Headers nvcc includes by itself; files often include them too.
const char *const StandIns[] = {"cuda_runtime.h", "cuda_runtime_api.h",
                                "cuda.h", "device_launch_parameters.h"};

// The oldest Clang that parses CUDA 13's headers (Clang 19 does not: no
// texture_fetch_functions.h).
constexpr int ToolkitClang = 22;

bool hasFlag(const std::vector<std::string> &Args, llvm::StringRef Prefix) {
  for (const std::string &A : Args)
    if (llvm::StringRef(A).starts_with(Prefix))
      return true;
  return false;
}

} // namespace

bool isCudaInput(const std::string &Path,
                 const std::vector<std::string> &ClangArgs) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  bool Cuda = Ext == ".cu" || Ext == ".cuh";
  // The last -x wins, as in the driver.
  for (size_t I = 0; I < ClangArgs.size(); ++I) {
    llvm::StringRef A = ClangArgs[I];
    if (A == "-x" && I + 1 < ClangArgs.size())
      Cuda = ClangArgs[++I] == "cuda";
    else if (A.consume_front("-x"))
      Cuda = A == "cuda";
  }
  return Cuda;
}

bool usableCudaToolkit(const std::string &Dir, std::string &Why) {
  llvm::SmallString<256> Header(Dir);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  // Clang's driver wants bin/ and, without -nocudalib (which would also
  // hide the toolkit's version from the parser), nvvm/libdevice/.
  llvm::SmallString<256> Bin(Dir), Libdevice(Dir);
  llvm::sys::path::append(Bin, "bin");
  llvm::sys::path::append(Libdevice, "nvvm", "libdevice");
  if (!llvm::sys::fs::exists(Header) || !llvm::sys::fs::is_directory(Bin) ||
      !llvm::sys::fs::is_directory(Libdevice)) {
    Why = "no CUDA toolkit at '" + Dir +
          "' (no include/cuda_runtime.h, bin/ or nvvm/libdevice/)";
    return false;
  }
  if (CLANG_VERSION_MAJOR < ToolkitClang) {
    Why = "tdrc is built with Clang " + std::to_string(CLANG_VERSION_MAJOR) +
          ", which cannot parse CUDA 13's headers (Clang " +
          std::to_string(ToolkitClang) + " and later can): not using '" + Dir +
          "'";
    return false;
  }
  return true;
}

CudaSetup cudaSetup(const std::string &ToolkitDir, bool ForcePrelude,
                    const std::vector<std::string> &ClangArgs) {
  CudaSetup S;
  S.Flags = {"-xcuda", "--cuda-device-only"};
  if (!hasFlag(ClangArgs, "--cuda-gpu-arch") &&
      !hasFlag(ClangArgs, "--offload-arch"))
    S.Flags.push_back("--cuda-gpu-arch=sm_90");
  if (!ForcePrelude) {
    std::string Dir = ToolkitDir, Why;
    if (Dir.empty())
      Dir = llvm::sys::Process::GetEnv("CUDA_PATH").value_or("/usr/local/cuda");
    if (usableCudaToolkit(Dir, Why)) {
      S.Toolkit = Dir;
      S.Flags.push_back("--cuda-path=" + Dir);
      // CUDA 13 keeps CCCL (cuda/std, CUB, Thrust, what cooperative_groups.h
      // includes) in include/cccl, which nvcc adds and Clang does not.
      if (llvm::sys::fs::is_directory(Dir + "/include/cccl"))
        S.Flags.insert(S.Flags.end(), {"-isystem", Dir + "/include/cccl"});
      return S;
    }
    if (!ToolkitDir.empty())
      S.Warning = Why + "; parsing with tdrc's built-in CUDA declarations";
  }
  S.Flags.insert(S.Flags.end(),
                 {"-nocudainc", "-nocudalib", "-include",
                  "__clang_cuda_builtin_vars.h",
                  "-include", PreludePath, "-isystem",
                  std::string(PreludeDir) + "/include"});
  S.Files.push_back({PreludePath, PreludeText});
  S.Files.push_back({std::string(PreludeDir) + "/include/cuda_fp16.h",
                     Fp16Text});
  S.Files.push_back({std::string(PreludeDir) + "/include/cuda_bf16.h",
                     Bf16Text});
  S.Files.push_back({std::string(PreludeDir) + "/include/cooperative_groups.h",
                     CoopGroupsText});
  for (const char *H : StandIns)
    S.Files.push_back({std::string(PreludeDir) + "/include/" + H,
                       "#pragma once\n/* tdrc: declared in its prelude */\n"});
  return S;
}

llvm::StringRef cudaPreludeText() { return PreludeText; }

} // namespace tdrc
