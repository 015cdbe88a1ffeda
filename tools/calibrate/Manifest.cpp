//===- Manifest.cpp - The calibration set, and what --prepare leaves -------===//
//
// tdrc needs LLVM, which a GPU machine may not have: `--prepare DIR` runs
// tdrc here (kernels, rewrites, the model's view of each), `--measure DIR`
// times them there.  The manifest is plain text, one sample a line:
//   KERNEL STRATEGY ok WORDS KEYS GAIN_BASE GAIN_PER_LEN DEFAULT_COST DEFAULT_PER_KEY
//   KERNEL STRATEGY error MESSAGE...
// after a first line "tdrc-calibrate-prepared 1 quick|full".
//
//===----------------------------------------------------------------------===//
#include "Calibrate.h"
#include <cstring>
#include <fstream>
#include <sstream>

namespace tdrc::cal {

std::vector<Sample> calibrationSamples(bool Quick) {
  std::vector<Sample> Out;
  for (const KernelShape &K : calibrationSet(Quick))
    for (const char *Algo : {"hot", "dgi"}) {
      if (K.Paths > 2 && !std::strcmp(Algo, "hot"))
        continue; // Head-or-Tail takes two paths
      Out.emplace_back();
      Out.back().Shape = K;
      Out.back().Algo = Algo;
    }
  return Out;
}

bool writeManifest(const std::string &Dir, bool Quick,
                   const std::vector<Sample> &S) {
  std::ofstream F(Dir + "/manifest.txt");
  F.precision(17);
  F << "tdrc-calibrate-prepared 1 " << (Quick ? "quick" : "full") << "\n";
  for (const Sample &X : S) {
    F << X.Shape.name() << " " << X.Algo;
    if (!X.Error.empty()) {
      std::string Msg = X.Error;
      for (char &C : Msg)
        C = C == '\n' ? ' ' : C;
      F << " error " << Msg << "\n";
      continue;
    }
    const ModelView &M = X.Model;
    F << " ok " << M.Words << " " << M.Keys << " " << M.GainBase << " "
      << M.GainPerLen << " " << M.DefaultCost << " " << M.DefaultPerKey << "\n";
  }
  return bool(F.flush());
}

std::optional<std::string> readManifest(const std::string &Dir, bool &Quick,
                                        std::vector<Sample> &S) {
  std::string Path = Dir + "/manifest.txt";
  std::ifstream F(Path);
  std::string Line, Magic, Mode;
  int Version = 0;
  if (!std::getline(F, Line))
    return "cannot read " + Path + " (run tdrc-calibrate --prepare " + Dir +
           " first)";
  std::istringstream(Line) >> Magic >> Version >> Mode;
  if (Magic != "tdrc-calibrate-prepared" || Version != 1 ||
      (Mode != "quick" && Mode != "full"))
    return Path + ":1: not a tdrc-calibrate manifest (version 1)";
  Quick = Mode == "quick";
  S = calibrationSamples(Quick);
  for (unsigned No = 2; std::getline(F, Line); ++No) {
    std::istringstream L(Line);
    std::string Name, Algo, Status;
    L >> Name >> Algo >> Status;
    Sample *X = nullptr;
    for (Sample &Y : S)
      if (Y.Shape.name() == Name && Y.Algo == Algo)
        X = &Y;
    std::string Where = Path + ":" + std::to_string(No) + ": ";
    if (!X)
      return Where + "unknown kernel '" + Name + "' with '" + Algo + "'";
    if (Status == "error") {
      std::getline(L >> std::ws, X->Error);
      continue;
    }
    ModelView &M = X->Model;
    if (Status != "ok" || !(L >> M.Words >> M.Keys >> M.GainBase >>
                            M.GainPerLen >> M.DefaultCost >> M.DefaultPerKey))
      return Where + "malformed line";
    X->Error.clear();
  }
  for (Sample &X : S)
    if (X.Model.Keys == 0 && X.Error.empty())
      X.Error = "not in the manifest";
  return std::nullopt;
}

} // namespace tdrc::cal
