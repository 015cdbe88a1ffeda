//===- NvrtcPrograms.cpp - Sources, shadows, the images handed out ---------===//
#include "NvrtcPrograms.h"
#include "NvrtcOptions.h"
#include "RealCuda.h"
#include "../RewriteCache.h"
#include "../Settings.h"
#include "../Tables.h"
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <set>
#include <sys/stat.h>
#include <vector>

namespace tdrc::intercept {

namespace {

struct ProgramState {
  std::string Source, Name;
  std::vector<std::pair<std::string, std::string>> Headers; // name, text
  bool HeadersUnusable = false; // a null header or name
  std::vector<std::string> NameExprs; // the application's, in order
  nvrtcProgram Shadow = nullptr;
  std::shared_ptr<const ShadowKernels> Kernels;
};

// An image handed out, by size and content hash.
struct Image {
  size_t Size;
  uint64_t Hash;
  bool operator<(const Image &O) const {
    return Size != O.Size ? Size < O.Size : Hash < O.Hash;
  }
};

std::mutex Lock;
std::map<nvrtcProgram, std::shared_ptr<ProgramState>> Programs;
std::map<Image, std::shared_ptr<const ShadowKernels>> Images;

uint64_t fnv(const unsigned char *P, size_t N) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (size_t I = 0; I < N; ++I)
    H = (H ^ P[I]) * 0x100000001b3ull;
  return H;
}

template <typename T> T readAt(const unsigned char *P, size_t Off) {
  T V;
  std::memcpy(&V, P + Off, sizeof V);
  return V;
}

// An ELF64 image ends with its section headers (cubins do); PTX is text
// with its terminating NUL, as nvrtcGetPTXSize counts it.
size_t imageSize(const unsigned char *P) {
  if (std::memcmp(P, "\x7f" "ELF", 4) == 0) {
    if (P[4] != 2) // not ELF64
      return 0;
    return size_t(readAt<uint64_t>(P, 0x28)) +
           size_t(readAt<uint16_t>(P, 0x3A)) * readAt<uint16_t>(P, 0x3C);
  }
  return std::strlen(reinterpret_cast<const char *>(P)) + 1;
}

// The in-memory headers as files, for tdrc's parse: a directory of the
// cache named by their names and texts (so a changed header is another
// directory, and another rewrite key).  Names must stay inside it.
bool writeHeaders(const std::vector<std::pair<std::string, std::string>> &H,
                  std::string &Dir, std::string &Why) {
  std::vector<std::string> Parts;
  for (const auto &[Name, Text] : H) {
    if (Name.empty() || Name[0] == '/' || Name == ".." ||
        Name.rfind("../", 0) == 0 || Name.find("/../") != std::string::npos ||
        Name.find("/..", Name.size() >= 3 ? Name.size() - 3 : 0) !=
            std::string::npos) {
      Why = "the in-memory header '" + Name + "' names a path outside its "
            "directory";
      return false;
    }
    Parts.push_back(Name);
    Parts.push_back(Text);
  }
  Dir = settings().CacheDir + "/headers-" + cacheKey(Parts);
  for (const auto &[Name, Text] : H) {
    std::string Path = Dir + "/" + Name;
    for (size_t At = 1; At < Path.size(); ++At) // mkdir -p
      if (Path[At] == '/')
        mkdir(Path.substr(0, At).c_str(), 0700);
    if (!publishCacheFile(Path, Text)) {
      Why = "cannot write the in-memory header '" + Name + "' to '" + Path +
            "'";
      return false;
    }
  }
  return true;
}

std::shared_ptr<ProgramState> find(nvrtcProgram P) {
  return findIn(Lock, Programs, P);
}

std::string programLog(nvrtcProgram P) {
  const RealCuda &R = realCuda();
  size_t N = 0;
  if (R.nvrtcGetProgramLogSize(P, &N) != NVRTC_SUCCESS || !N)
    return "";
  std::string Log(N, '\0');
  R.nvrtcGetProgramLog(P, Log.data());
  Log.resize(std::strlen(Log.c_str()));
  return Log;
}

std::string firstLine(const std::string &Text) {
  std::string L = Text.substr(0, Text.find('\n'));
  return L.empty() ? "no log" : L;
}

std::string ms(std::chrono::steady_clock::duration D) {
  return std::to_string(
      int(std::chrono::duration<double, std::milli>(D).count() + 0.5));
}

// The shadow: tdrc's output compiled with the application's options and
// -DTDR_HOST_CHOOSES; its kernels with a choice by lowered name.  Null
// and Why when it does not compile.
nvrtcProgram compileShadow(const ProgramState &S, const std::string &Source,
                           const std::vector<std::string> &Options,
                           const std::map<std::string, rt::VariantDescriptor> &V,
                           ShadowKernels &Kernels, std::string &Why) {
  const RealCuda &R = realCuda();
  nvrtcProgram Sh = nullptr;
  std::vector<const char *> Texts, Names;
  for (const auto &[Name, Text] : S.Headers) {
    Names.push_back(Name.c_str());
    Texts.push_back(Text.c_str());
  }
  if (R.nvrtcCreateProgram(&Sh, Source.c_str(), S.Name.c_str(),
                           int(Texts.size()), Texts.data(),
                           Names.data()) != NVRTC_SUCCESS) {
    Why = "nvrtcCreateProgram of the rewrite failed";
    return nullptr;
  }
  std::set<std::string> Added;
  auto Add = [&](const std::string &E) {
    if (Added.insert(E).second)
      R.nvrtcAddNameExpression(Sh, E.c_str());
  };
  for (const std::string &E : S.NameExprs)
    Add(E);
  for (const auto &[Name, D] : V) {
    Add(D.Kernel);
    Add(D.Original);
  }
  std::vector<const char *> Opts;
  for (const std::string &O : Options)
    Opts.push_back(O.c_str());
  Opts.push_back("-DTDR_HOST_CHOOSES");
  if (R.nvrtcCompileProgram(Sh, int(Opts.size()), Opts.data()) !=
      NVRTC_SUCCESS) {
    Why = "the rewrite does not compile: " + firstLine(programLog(Sh));
    R.nvrtcDestroyProgram(&Sh);
    return nullptr;
  }
  for (const auto &[Name, D] : V) {
    const char *K = nullptr, *O = nullptr;
    if (R.nvrtcGetLoweredName(Sh, D.Kernel.c_str(), &K) != NVRTC_SUCCESS ||
        R.nvrtcGetLoweredName(Sh, D.Original.c_str(), &O) != NVRTC_SUCCESS ||
        !K || !O)
      continue; // no choice: the rewrite runs with its own fallback
    Kernels[K] = ShadowKernel{K, O, D};
  }
  return Sh;
}

} // namespace

void programCreated(nvrtcProgram P, const char *Source, const char *Name,
                    int NumHeaders, const char *const *Headers,
                    const char *const *IncludeNames) {
  auto S = std::make_shared<ProgramState>();
  S->Source = Source ? Source : "";
  S->Name = Name ? Name : "default_program";
  for (int I = 0; I < NumHeaders; ++I) {
    if (!Headers || !IncludeNames || !Headers[I] || !IncludeNames[I]) {
      S->HeadersUnusable = true;
      break;
    }
    S->Headers.emplace_back(IncludeNames[I], Headers[I]);
  }
  std::lock_guard<std::mutex> G(Lock);
  Programs[P] = std::move(S);
}

void nameExpressionAdded(nvrtcProgram P, const char *Expr) {
  if (std::shared_ptr<ProgramState> S = find(P); S && Expr) {
    std::lock_guard<std::mutex> G(Lock);
    S->NameExprs.push_back(Expr);
  }
}

nvrtcResult compileProgram(nvrtcProgram P, int NumOptions,
                           const char *const *Options) {
  const RealCuda &R = realCuda();
  auto Own = [&] { return R.nvrtcCompileProgram(P, NumOptions, Options); };
  std::shared_ptr<ProgramState> S = find(P);
  if (!S)
    return Own();
  std::string Id = "nvrtc program " + S->Name;
  std::string HeaderDir, Why;
  if (S->HeadersUnusable ||
      (!S->Headers.empty() && !writeHeaders(S->Headers, HeaderDir, Why))) {
    logLine(Id + ": original: " +
            (Why.empty() ? "an in-memory header without a name" : Why));
    return Own();
  }
  try {
    std::vector<std::string> Opts;
    for (int I = 0; I < NumOptions && Options; ++I)
      Opts.emplace_back(Options[I] ? Options[I] : "");
    auto T0 = std::chrono::steady_clock::now();
    std::vector<std::string> Clang = nvrtcClangArgs(Opts);
    if (!HeaderDir.empty()) // NVRTC looks in its in-memory headers first
      Clang.insert(Clang.begin(), "-I" + HeaderDir);
    ProgramRewrite W =
        rewriteSource({S->Source, Clang,
                       // NVRTC's environment: builtins, no host headers
                       {"--device-only", "--cuda-prelude"}, ".cu"});
    auto T1 = std::chrono::steady_clock::now();
    if (settings().Explain && !W.Explain.empty())
      std::fprintf(stderr, "tdrc-intercept: %s: tdrc --explain\n%s",
                   Id.c_str(), W.Explain.c_str());
    std::string From = W.Cached ? " (cached)" : "";
    if (!W.Changed) {
      logLine(Id + ": original: " + W.Why + From);
      return Own();
    }
    auto V = rt::parseVariantDescriptors(W.Source);
    ShadowKernels Kernels;
    std::string Why;
    nvrtcProgram Sh = compileShadow(*S, W.Source, Opts, V, Kernels, Why);
    if (!Sh) {
      logLine(Id + ": original: " + Why);
      return Own();
    }
    logLine(Id + ": rewritten" + From + "; rewrite " + ms(T1 - T0) +
            " ms, compile " + ms(std::chrono::steady_clock::now() - T1) +
            " ms, " + std::to_string(Kernels.size()) +
            " kernel(s) with a choice");
    std::lock_guard<std::mutex> G(Lock);
    if (S->Shadow) // compiled again: the old shadow goes
      R.nvrtcDestroyProgram(&S->Shadow);
    S->Shadow = Sh;
    S->Kernels = std::make_shared<const ShadowKernels>(std::move(Kernels));
    return NVRTC_SUCCESS;
  } catch (const std::exception &E) {
    logLine(Id + ": original: " + E.what());
  } catch (...) {
    logLine(Id + ": original: an unknown failure");
  }
  return Own();
}

nvrtcProgram resultsOf(nvrtcProgram P) {
  std::shared_ptr<ProgramState> S = find(P);
  return S && S->Shadow ? S->Shadow : P;
}

void imageHandedOut(nvrtcProgram P, const char *Data, size_t Size) {
  std::shared_ptr<ProgramState> S = find(P);
  if (!S || !S->Shadow || !S->Kernels || !Data || !Size)
    return;
  auto *U = reinterpret_cast<const unsigned char *>(Data);
  // PTX: the size counts the NUL; the module loader sees the text.
  Image I{Size, fnv(U, Size)};
  std::lock_guard<std::mutex> G(Lock);
  Images[I] = S->Kernels;
}

void programDestroying(nvrtcProgram P) {
  std::shared_ptr<ProgramState> S = takeOut(Lock, Programs, P);
  if (S && S->Shadow)
    realCuda().nvrtcDestroyProgram(&S->Shadow);
}

std::shared_ptr<const ShadowKernels> kernelsOfImage(const void *Data) {
  if (!Data)
    return nullptr;
  auto *U = static_cast<const unsigned char *>(Data);
  std::lock_guard<std::mutex> G(Lock);
  if (Images.empty())
    return nullptr;
  size_t Size = imageSize(U);
  if (!Size)
    return nullptr;
  auto It = Images.lower_bound(Image{Size, 0});
  if (It == Images.end() || It->first.Size != Size)
    return nullptr; // no image of that size: nothing to hash
  auto Hit = Images.find(Image{Size, fnv(U, Size)});
  return Hit == Images.end() ? nullptr : Hit->second;
}

} // namespace tdrc::intercept
