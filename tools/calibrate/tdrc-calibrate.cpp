//===- tdrc-calibrate.cpp - Measure the profitability model's costs --------===//
//
//   tdrc-calibrate --out PROFILE.json [--platform I --device J] [--quick]
//                  [--tdrc PATH] [--n N] [--work-dir DIR] [-v]
//   tdrc-calibrate --prepare DIR [--quick]     (where tdrc runs)
//   tdrc-calibrate --measure DIR --out PROFILE.json   (on the GPU machine)
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
#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

using namespace tdrc::cal;

namespace {

struct Options {
  std::string Out, Tdrc, WorkDir;
  std::string Prepare, Measure; // --prepare DIR, --measure DIR
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
    "  --prepare DIR    only run tdrc: kernels, rewrites and the model's view\n"
    "                   into DIR (no OpenCL needed)\n"
    "  --measure DIR    only time what --prepare left in DIR (no tdrc "
    "needed)\n"
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
    } else if (A == "--prepare") {
      if (!Value(O.Prepare))
        return usage("--prepare needs a folder");
    } else if (A == "--measure") {
      if (!Value(O.Measure))
        return usage("--measure needs a folder");
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
  if (!O.Prepare.empty() && !O.Measure.empty())
    return usage("give --prepare or --measure, not both");
  if (O.Out.empty() && O.Prepare.empty())
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

/// The part that needs tdrc: S's kernel and its rewrite in Dir, and the
/// model's view of it (S.Error on failure).
void prepare(Tdrc &T, Sample &S) {
  std::string Base = T.workDir() + "/" + S.Shape.name();
  std::string Orig = Base + ".cl", Rw = Base + "." + S.Algo + ".tdr.cl";
  if (!writeFile(Orig, kernelSource(S.Shape)))
    S.Error = "cannot write " + Orig;
  else if (auto E = T.rewrite(Orig, S.Algo, Rw))
    S.Error = *E;
  else if (auto E = T.probe(Orig, S.Algo, S.Model))
    S.Error = *E;
}

/// The part that needs the device: times S's kernel against its rewrite
/// (from Dir) and finds the break-even (S.Error on failure).
void measure(Bench &B, const std::string &Dir, const std::vector<int> &Lens,
             Sample &S, bool Verbose) {
  std::string Rw = Dir + "/" + S.Shape.name() + "." + S.Algo + ".tdr.cl";
  std::ifstream F(Rw);
  std::string Rewritten((std::istreambuf_iterator<char>(F)),
                        std::istreambuf_iterator<char>());
  if (Rewritten.empty()) {
    S.Error = "cannot read " + Rw;
    return;
  }
  try {
    if (auto E = B.compare(kernelSource(S.Shape), Rewritten, Lens, S.Times)) {
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

/// Runs Step on each sample without an error, saying where it is (a full
/// run takes minutes).
template <typename StepFn>
void eachSample(std::vector<Sample> &Samples, const char *What, StepFn Step) {
  for (size_t I = 0; I < Samples.size(); ++I) {
    if (!Samples[I].Error.empty())
      continue;
    std::fprintf(stderr, "tdrc-calibrate: %s [%zu/%zu] %s %s\n", What, I + 1,
                 Samples.size(), Samples[I].Shape.name().c_str(),
                 Samples[I].Algo.c_str());
    Step(Samples[I]);
  }
}

unsigned failures(const std::vector<Sample> &Samples) {
  unsigned N = 0;
  for (const Sample &S : Samples)
    N += !S.Error.empty();
  return N;
}

/// Times the samples on the device, fits, reports, writes the profile;
/// main's exit status.
int measureAndWrite(const Options &O, const std::string &Dir, bool Quick,
                    std::vector<Sample> &Samples) {
  DeviceDesc D;
  std::vector<int> Lens = lengths(Quick);
  unsigned N = O.N ? O.N : Quick ? 4096 : 1u << 21;
  try {
    tdrc::rt::Context C = openDevice(O.Platform, O.Device);
    D = describe(C);
    Bench B(C, N, Quick ? 2 : 10);
    std::fprintf(stderr, "tdrc-calibrate: timing on %s\n", D.Name.c_str());
    eachSample(Samples, "timing", [&](Sample &S) {
      measure(B, Dir, Lens, S, O.Verbose);
    });
  } catch (const std::exception &E) {
    std::cerr << "tdrc-calibrate: error: " << E.what() << "\n";
    return 2;
  }
  std::vector<Fit> Fits{fitStrategy("hot", Samples), fitStrategy("dgi", Samples)};
  auto Pref = preferredStrategies(Samples);
  summary(D, Samples, Fits, Pref, Lens);
  unsigned Failed = failures(Samples);
  if (Failed == Samples.size()) {
    std::cerr << "tdrc-calibrate: error: no kernel could be calibrated; "
                 "nothing written\n";
    return 1;
  }
  if (!writeAtomically(O.Out, profileJson(D, Fits, Pref, Samples, Quick, N)))
    return usage("cannot write '" + O.Out + "'");
  std::printf("wrote %s\n", O.Out.c_str());
  if (Failed)
    std::cerr << "tdrc-calibrate: error: " << Failed
              << " kernel(s) could not be calibrated (see above)\n";
  return Failed ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  Options O;
  if (int Bad = parse(argc, argv, O))
    return Bad < 0 ? 0 : Bad;
  if (tdrc::rt::Program::disabledByEnvironment() && O.Prepare.empty())
    return usage("TDR_DISABLE is set: the runtime would load originals only");
  bool Quick = O.Quick;
  std::vector<Sample> Samples;
  if (!O.Measure.empty()) { // tdrc ran elsewhere (--prepare)
    if (auto E = readManifest(O.Measure, Quick, Samples))
      return usage(*E);
    return measureAndWrite(O, O.Measure, Quick, Samples);
  }
  WorkFolder Folder{O.Prepare.empty() ? O.WorkDir : O.Prepare};
  std::string &Work = Folder.Path;
  if (Work.empty()) {
    const char *TmpEnv = std::getenv("TMPDIR");
    std::string Model = std::string(TmpEnv && *TmpEnv ? TmpEnv : "/tmp") +
                        "/tdrc-calibrate-XXXXXX";
    if (!mkdtemp(Model.data()))
      return usage("cannot create a work folder in " + Model);
    Work = Model;
    Folder.Temporary = true;
  } else if ((mkdir(Work.c_str(), 0755) != 0 && errno != EEXIST) ||
             access(Work.c_str(), W_OK) != 0) {
    return usage("work folder '" + Work + "' is not a writable folder");
  }
  Tdrc T(O.Tdrc.empty() ? defaultTdrc() : O.Tdrc, Work, O.Verbose);
  Samples = calibrationSamples(Quick);
  eachSample(Samples, "rewriting", [&](Sample &S) { prepare(T, S); });
  if (O.Prepare.empty())
    return measureAndWrite(O, Work, Quick, Samples);
  if (!writeManifest(Work, Quick, Samples))
    return usage("cannot write " + Work + "/manifest.txt");
  unsigned Failed = failures(Samples);
  for (const Sample &S : Samples)
    if (!S.Error.empty())
      std::printf("%s %s FAILED: %s\n", S.Shape.name().c_str(), S.Algo.c_str(),
                  S.Error.c_str());
  std::printf("prepared %zu kernel(s) in %s; on the GPU machine run: "
              "tdrc-calibrate --measure %s --out PROFILE.json\n",
              Samples.size() - Failed, Work.c_str(), Work.c_str());
  return Failed == Samples.size() ? 1 : 0;
}
