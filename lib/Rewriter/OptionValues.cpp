//===- OptionValues.cpp - One check of tdrc's rewrite options --------------===//
#include "tdrc/Rewriter/OptionValues.h"
#include "tdrc/Occupancy/GpuTable.h"
#include "tdrc/TDR/Remap/CostProfile.h"
#include "tdrc/TDR/Remap/Strategy.h"
#include "tdrc/TDR/Transform.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdlib>

namespace tdrc {

std::optional<OptionError> applyOptionValues(const OptionValues &V,
                                             RewriteOptions &Opts) {
  auto Usage = [](std::string M) { return OptionError{std::move(M), false}; };
  if (V.MaxWorkGroupSize == 0 || V.MaxWorkGroupSize > 4096)
    return Usage("--max-workgroup-size must be between 1 and 4096");
  if (V.Algorithm != "auto" && !algorithmNamed(V.Algorithm, true))
    return Usage("--algorithm must be auto, " + algorithmOptionList());
  if (llvm::Expected<std::vector<std::string>> T =
          selectTransforms(V.Transforms);
      !T)
    return Usage("--transforms: " + llvm::toString(T.takeError()));
  if (V.Neighbors != 16 && V.Neighbors != 32 && V.Neighbors != 64)
    return Usage("--neighbors must be 16, 32 or 64");
  Opts.MaxWorkGroupSize = V.MaxWorkGroupSize;
  Opts.Algorithm = V.Algorithm;
  Opts.Transforms = V.Transforms;
  Opts.Neighbors = V.Neighbors;
  Opts.Feedback = V.Feedback;
  Opts.LocalMemoryBytes = V.LocalMemory;
  if (!V.Gpu.empty()) {
    const GpuParams *G = findGpu(V.Gpu);
    if (!G)
      return Usage("unknown GPU '" + V.Gpu + "'; known: " + gpuNameList());
    Opts.Gpu = G->Name;
    if (!V.LocalMemorySet) // the GPU's own limit
      Opts.LocalMemoryBytes = G->SharedPerBlock;
  }
  if (V.Regs > 255)
    return Usage("--regs must be between 1 and 255");
  Opts.Regs = V.Regs;
  Opts.Force = V.Force;
  if (V.MeldThreshold < 0 || V.MeldThreshold > 1)
    return Usage("--meld-threshold must be between 0 and 1");
  Opts.MeldThreshold = V.MeldThreshold;
  Opts.MeldArithmetic = V.MeldArithmetic;
  if (V.LoopSplitLoops < 2 || V.LoopSplitLoops > 16)
    return Usage("--loop-split-loops must be between 2 and 16");
  Opts.LoopSplitLoops = V.LoopSplitLoops;
  if (!V.CostProfile.empty()) {
    llvm::Expected<CostProfile> P = loadCostProfile(V.CostProfile);
    if (!P)
      return OptionError{llvm::toString(P.takeError()), true};
    Opts.Costs = std::make_shared<const CostProfile>(std::move(*P));
  }
  Opts.KeepOriginal = V.KeepOriginal;
  Opts.HoistRounds = V.HoistRounds;
  Opts.DeviceOnly = V.DeviceOnly;
  Opts.Smem = V.Smem;
  Opts.CudaPath = V.CudaPath;
  Opts.CudaPrelude = V.CudaPrelude;
  return std::nullopt;
}

namespace {

bool parseUnsigned(llvm::StringRef S, unsigned &Out) {
  return !S.getAsInteger(10, Out);
}

bool parseBool(llvm::StringRef S, bool &Out) {
  if (S == "true" || S == "1" || S.empty())
    Out = true;
  else if (S == "false" || S == "0")
    Out = false;
  else
    return false;
  return true;
}

// Sets option Name (without dashes) from Value; false: no such option here.
bool setOption(llvm::StringRef Name, llvm::StringRef Value, bool HasValue,
               OptionValues &V, std::string &Bad) {
  auto Num = [&](unsigned &Out) {
    if (!parseUnsigned(Value, Out))
      Bad = "--" + Name.str() + " takes a number, not '" + Value.str() + "'";
  };
  auto Flag = [&](bool &Out) {
    if (!parseBool(HasValue ? Value : "", Out))
      Bad = "--" + Name.str() + " takes true or false, not '" + Value.str() +
            "'";
  };
  if (Name == "max-workgroup-size")
    Num(V.MaxWorkGroupSize);
  else if (Name == "local-mem-budget") {
    Num(V.LocalMemory);
    V.LocalMemorySet = true;
  } else if (Name == "algorithm")
    V.Algorithm = Value.str();
  else if (Name == "transforms")
    V.Transforms = Value.str();
  else if (Name == "neighbors")
    Num(V.Neighbors);
  else if (Name == "feedback")
    Flag(V.Feedback);
  else if (Name == "gpu")
    V.Gpu = Value.str();
  else if (Name == "regs")
    Num(V.Regs);
  else if (Name == "smem")
    Num(V.Smem);
  else if (Name == "force")
    Flag(V.Force);
  else if (Name == "meld-threshold") {
    char *End = nullptr;
    std::string S = Value.str();
    V.MeldThreshold = std::strtod(S.c_str(), &End);
    if (S.empty() || *End)
      Bad = "--meld-threshold takes a number, not '" + S + "'";
  } else if (Name == "meld-arithmetic")
    Flag(V.MeldArithmetic);
  else if (Name == "loop-split-loops")
    Num(V.LoopSplitLoops);
  else if (Name == "cost-profile")
    V.CostProfile = Value.str();
  else if (Name == "keep-original")
    Flag(V.KeepOriginal);
  else if (Name == "hoist-rounds")
    Flag(V.HoistRounds);
  else if (Name == "device-only")
    Flag(V.DeviceOnly);
  else if (Name == "cuda-path")
    V.CudaPath = Value.str();
  else if (Name == "cuda-prelude")
    Flag(V.CudaPrelude);
  else
    return false;
  return true;
}

bool isFlag(llvm::StringRef Name) {
  return Name == "feedback" || Name == "force" || Name == "keep-original" ||
         Name == "hoist-rounds" ||
         Name == "device-only" || Name == "cuda-prelude";
}

} // namespace

std::optional<OptionError> parseOptionWords(const std::vector<std::string> &W,
                                            OptionValues &V,
                                            std::vector<std::string> &Clang) {
  for (size_t I = 0; I < W.size(); ++I) {
    llvm::StringRef Word = W[I];
    if (Word == "--") {
      Clang.insert(Clang.end(), W.begin() + I + 1, W.end());
      return std::nullopt;
    }
    if (!Word.consume_front("--") && !Word.consume_front("-"))
      return OptionError{"'" + W[I] + "' is not an option (Clang's flags "
                         "follow \"--\")"};
    auto [Name, Value] = Word.split('=');
    bool HasValue = Word.contains('=');
    std::string ValueText = Value.str();
    if (!HasValue && !isFlag(Name)) {
      if (I + 1 >= W.size())
        return OptionError{"--" + Name.str() + " needs a value"};
      ValueText = W[++I];
      HasValue = true;
    }
    std::string Bad;
    if (!setOption(Name, ValueText, HasValue, V, Bad))
      return OptionError{"unknown option '--" + Name.str() +
                         "' (the library takes tdrc's rewrite options; not "
                         "-o, --explain or the others about files)"};
    if (!Bad.empty())
      return OptionError{Bad};
  }
  return std::nullopt;
}

} // namespace tdrc
