//===- tdrc-calibrate.cpp - Measure the profitability model's costs --------===//
//
//   tdrc-calibrate --out PROFILE.json [--platform I --device J] [--quick]
//                  [--tdrc PATH] [--n N] [--work-dir DIR] [-v]
//
// Runs the calibration kernels (Kernels.cpp) on an OpenCL device, original
// against tdrc's rewrite with each OpenCL strategy, and writes a cost profile
// for `tdrc --cost-profile` (docs/cost-profile.md).  Exit status: 0 success,
// 1 a kernel could not be calibrated (the profile, if any kernel was, is
// still written: the summary says which failed), 2 usage or setup errors.
//
//===----------------------------------------------------------------------===//
#include "Calibrate.h"
#include "Measure.h"
#include "tdrc/runtime/Program.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <unistd.h>

using namespace tdrc::cal;

namespace {

struct Options {
  std::string Out, Tdrc, WorkDir;
  int Platform = -1, Device = -1;
  unsigned N = 0; // 0: the mode's default
  bool Quick = false, Verbose = false;
};

int usage(const std::string &Msg) {
  std::cerr << "tdrc-calibrate: error: " << Msg << "\n";
  return 2;
}

const char *Help =
    "tdrc-calibrate: measure the profitability model's costs on an OpenCL "
    "device\n\n"
    "  tdrc-calibrate --out PROFILE.json [options]\n\n"
    "  --out FILE       the cost profile to write (for tdrc --cost-profile)\n"
    "  --platform I     OpenCL platform index (default: TDR_CL_PLATFORM, else\n"
    "                   the first GPU's)\n"
    "  --device J       device index within the platform (default 0)\n"
    "  --quick          two kernels of two paths, three lengths, few "
    "work-items\n"
    "                   (a smoke test; its numbers mean little)\n"
    "  --n N            work-items per launch (default 2097152; quick 4096)\n"
    "  --tdrc PATH      the tdrc binary (default: next to this one, else "
    "PATH)\n"
    "  --work-dir DIR   keep the kernels, rewrites and tdrc reports in DIR\n"
    "  -v               print each tdrc command and each measurement\n";

/// Parses argv; a usage error's exit status, or 0 (-1: --help printed).
int parse(int Argc, char **Argv, Options &O) {
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&](std::string &To) {
      if (I + 1 >= Argc)
        return false;
      To = Argv[++I];
      return true;
    };
    auto Index = [&](int &To) {
      std::string V;
      char *End = nullptr;
      if (!Value(V) || V.empty())
        return false;
      long L = std::strtol(V.c_str(), &End, 10);
      To = int(L);
      return *End == 0 && L >= 0 && L < 1000;
    };
    std::string NText;
    if (A == "--help" || A == "-h") {
      std::cout << Help;
      return -1;
    } else if (A == "--out" || A == "-o") {
      if (!Value(O.Out))
        return usage("--out needs a file");
    } else if (A == "--tdrc") {
      if (!Value(O.Tdrc))
        return usage("--tdrc needs a path");
    } else if (A == "--work-dir") {
      if (!Value(O.WorkDir))
        return usage("--work-dir needs a folder");
    } else if (A == "--platform") {
      if (!Index(O.Platform))
        return usage("--platform needs an index (0, 1, ...)");
    } else if (A == "--device") {
      if (!Index(O.Device))
        return usage("--device needs an index (0, 1, ...)");
    } else if (A == "--n") {
      char *End = nullptr;
      if (!Value(NText))
        return usage("--n needs a number");
      unsigned long V = std::strtoul(NText.c_str(), &End, 10);
      if (*End || V < 256 || V % 256 || V > (1ul << 28))
        return usage("--n must be a multiple of 256 up to 2^28");
      O.N = unsigned(V);
    } else if (A == "--quick") {
      O.Quick = true;
    } else if (A == "-v" || A == "--verbose") {
      O.Verbose = true;
    } else {
      return usage("unknown argument '" + A + "' (see --help)");
    }
  }
  if (O.Out.empty())
    return usage("no --out FILE (see --help)");
  return 0;
}

/// tdrc next to this binary (the build tree and the installed layout both
/// have it there), else whatever PATH finds.
std::string defaultTdrc() {
  char Self[4096];
  ssize_t L = readlink("/proc/self/exe", Self, sizeof Self - 1);
  if (L > 0) {
    std::string P(Self, size_t(L));
    P = P.substr(0, P.rfind('/') + 1) + "tdrc";
    if (access(P.c_str(), X_OK) == 0)
      return P;
  }
  return "tdrc";
}

/// Removes the temporary work folder however main returns (not one that
/// --work-dir named).
struct WorkFolder {
  std::string Path;
  bool Temporary = false;
  ~WorkFolder() {
    if (Temporary)
      std::system(("rm -rf '" + Path + "'").c_str()); // a mkdtemp name
  }
};

bool writeFile(const std::string &Path, const std::string &Text) {
  std::ofstream F(Path);
  F << Text;
  return bool(F.flush());
}

/// Writes Path through a temporary file and a rename: never half a profile.
bool writeAtomically(const std::string &Path, const std::string &Text) {
  std::string Tmp = Path + ".tmp" + std::to_string(getpid());
  if (!writeFile(Tmp, Text) || std::rename(Tmp.c_str(), Path.c_str()) != 0) {
    std::remove(Tmp.c_str());
    return false;
  }
  return true;
}

std::vector<int> lengths(bool Quick) {
  if (Quick)
    return {1, 16, 256};
  std::vector<int> L;
  for (int V = 1; V <= 2048; V *= 2)
    L.push_back(V);
  return L;
}

/// Calibrates one kernel with one strategy into S (S.Error on failure).
void calibrate(Tdrc &T, Bench &B, const std::vector<int> &Lens, Sample &S,
               bool Verbose) {
  std::string Base = T.workDir() + "/" + S.Shape.name();
  std::string Orig = Base + ".cl", Rw = Base + "." + S.Algo + ".tdr.cl";
  std::string Src = kernelSource(S.Shape);
  if (!writeFile(Orig, Src)) {
    S.Error = "cannot write " + Orig;
    return;
  }
  if (auto E = T.rewrite(Orig, S.Algo, Rw)) {
    S.Error = *E;
    return;
  }
  if (auto E = T.probe(Orig, S.Algo, S.Model)) {
    S.Error = *E;
    return;
  }
  std::ifstream F(Rw);
  std::string Rewritten((std::istreambuf_iterator<char>(F)),
                        std::istreambuf_iterator<char>());
  try {
    if (auto E = B.compare(Src, Rewritten, Lens, S.Times)) {
      S.Error = *E;
      return;
    }
  } catch (const std::exception &E) {
    S.Error = E.what();
    return;
  }
  if (Verbose)
    for (const Timing &X : S.Times)
      std::fprintf(stderr, "tdrc-calibrate: %s %s len %d: original %.4f ms, "
                           "rewrite %.4f ms\n",
                   S.Shape.name().c_str(), S.Algo.c_str(), X.Len, X.Original,
                   X.Rewrite);
  S.Even = breakEven(S.Times);
  if (S.Even.What == BreakEven::Measured)
    S.TrueCost = S.Model.gainAt(S.Even.Len) - S.Model.Words;
}

/// Per path count, the strategy whose rewrite ran fastest at the longest
/// length (mean time ratio over that count's kernels).
std::vector<std::pair<unsigned, std::string>>
preferred(const std::vector<Sample> &Samples) {
  std::map<unsigned, std::map<std::string, std::pair<double, unsigned>>> Sum;
  for (const Sample &S : Samples)
    if (S.Error.empty() && !S.Times.empty()) {
      auto &E = Sum[S.Shape.Paths][S.Algo];
      E.first += S.Times.back().Rewrite / S.Times.back().Original;
      ++E.second;
    }
  std::vector<std::pair<unsigned, std::string>> Out;
  for (auto &[P, ByAlgo] : Sum) {
    std::string Best;
    double BestMean = 0;
    for (auto &[A, E] : ByAlgo)
      if (Best.empty() || E.first / E.second < BestMean) {
        Best = A;
        BestMean = E.first / E.second;
      }
    Out.push_back({P, Best});
  }
  return Out;
}

void summary(const DeviceDesc &D, const std::vector<Sample> &Samples,
             const std::vector<Fit> &Fits,
             const std::vector<std::pair<unsigned, std::string>> &Pref,
             const std::vector<int> &Lens) {
  std::printf("tdrc-calibrate: %s (%s, %s)\n", D.Name.c_str(),
              D.Platform.c_str(), D.Version.c_str());
  std::printf("%-18s %-4s %5s %-22s %9s %9s %14s\n", "kernel", "alg", "keys",
              "break-even length", "true cost", "default",
              ("speedup @" + std::to_string(Lens.back())).c_str());
  for (const Sample &S : Samples) {
    std::printf("%-18s %-4s ", S.Shape.name().c_str(), S.Algo.c_str());
    if (!S.Error.empty()) {
      std::printf("FAILED: %s\n", S.Error.c_str());
      continue;
    }
    char Even[32] = "never pays";
    if (S.Even.What == BreakEven::Always)
      std::snprintf(Even, sizeof Even, "always pays");
    else if (S.Even.What == BreakEven::Measured)
      std::snprintf(Even, sizeof Even, "%.1f", S.Even.Len);
    char Cost[32] = "-";
    if (S.Even.What == BreakEven::Measured)
      std::snprintf(Cost, sizeof Cost, "%.0f", S.TrueCost);
    std::printf("%5.0f %-22s %9s %9.0f %13.3fx\n", S.Model.Keys, Even, Cost,
                S.Model.DefaultCost + S.Model.DefaultPerKey * S.Model.Keys,
                S.Times.back().ratio());
  }
  for (const Fit &F : Fits)
    if (F.Used)
      std::printf("%s: cost %.0f + %.1f per key (%s)\n", F.Algo.c_str(), F.Cost,
                  F.PerKey, F.Note.c_str());
    else
      std::printf("%s: %s\n", F.Algo.c_str(), F.Note.c_str());
  std::printf("preferred:");
  for (auto &[P, A] : Pref)
    std::printf(" %u paths %s;", P, A.c_str());
  std::printf("\n");
}

} // namespace

int main(int argc, char **argv) {
  Options O;
  if (int Bad = parse(argc, argv, O))
    return Bad < 0 ? 0 : Bad;
  if (tdrc::rt::Program::disabledByEnvironment())
    return usage("TDR_DISABLE is set: the runtime would load originals only");
  if (!O.N)
    O.N = O.Quick ? 4096 : 1u << 21;
  WorkFolder Folder{O.WorkDir};
  std::string &Work = Folder.Path;
  if (Work.empty()) {
    const char *TmpEnv = std::getenv("TMPDIR");
    std::string Model = std::string(TmpEnv && *TmpEnv ? TmpEnv : "/tmp") +
                        "/tdrc-calibrate-XXXXXX";
    if (!mkdtemp(Model.data()))
      return usage("cannot create a work folder in " + Model);
    Work = Model;
    Folder.Temporary = true;
  } else if (access(Work.c_str(), W_OK) != 0) {
    return usage("work folder '" + Work + "' is not a writable folder");
  }
  Tdrc T(O.Tdrc.empty() ? defaultTdrc() : O.Tdrc, Work, O.Verbose);
  std::vector<Sample> Samples;
  DeviceDesc D;
  std::vector<int> Lens = lengths(O.Quick);
  try {
    tdrc::rt::Context C = openDevice(O.Platform, O.Device);
    D = describe(C);
    Bench B(C, O.N, O.Quick ? 2 : 10);
    for (const KernelShape &K : calibrationSet(O.Quick))
      for (const char *Algo : {"hot", "dgi"}) {
        if (K.Paths > 2 && !std::strcmp(Algo, "hot"))
          continue; // Head-or-Tail takes two paths
        Samples.emplace_back();
        Samples.back().Shape = K;
        Samples.back().Algo = Algo;
      }
    // A full run takes minutes: say where it is.
    std::fprintf(stderr, "tdrc-calibrate: %zu kernel(s) on %s\n",
                 Samples.size(), D.Name.c_str());
    for (size_t I = 0; I < Samples.size(); ++I) {
      std::fprintf(stderr, "tdrc-calibrate: [%zu/%zu] %s %s\n", I + 1,
                   Samples.size(), Samples[I].Shape.name().c_str(),
                   Samples[I].Algo.c_str());
      calibrate(T, B, Lens, Samples[I], O.Verbose);
    }
  } catch (const std::exception &E) {
    std::cerr << "tdrc-calibrate: error: " << E.what() << "\n";
    return 2;
  }
  std::vector<Fit> Fits{fitStrategy("hot", Samples), fitStrategy("dgi", Samples)};
  auto Pref = preferred(Samples);
  summary(D, Samples, Fits, Pref, Lens);
  unsigned Failed = 0;
  for (const Sample &S : Samples)
    Failed += !S.Error.empty();
  if (Failed == Samples.size()) {
    std::cerr << "tdrc-calibrate: error: no kernel could be calibrated; "
                 "nothing written\n";
    return 1;
  }
  if (!writeAtomically(O.Out,
                       profileJson(D, Fits, Pref, Samples, O.Quick, O.N)))
    return usage("cannot write '" + O.Out + "'");
  std::printf("wrote %s\n", O.Out.c_str());
  if (Failed)
    std::cerr << "tdrc-calibrate: error: " << Failed
              << " kernel(s) could not be calibrated (see above)\n";
  return Failed ? 1 : 0;
}
