//===- Calibrate.h - tdrc-calibrate's parts --------------------------------===//
//
// tdrc-calibrate measures, on the user's OpenCL device, where each remap
// strategy starts to pay (the break-even path length) on a set of generated
// kernels, and turns that into the profitability model's constants (a cost
// profile, docs/cost-profile.md).  No LLVM: it runs where only an OpenCL
// loader and the tdrc binary are.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TOOLS_CALIBRATE_H
#define TDRC_TOOLS_CALIBRATE_H

#include <optional>
#include <string>
#include <vector>

namespace tdrc::cal {

/// One calibration kernel: a loaded key picks one of Paths paths, each a
/// loop of `len` iterations (a kernel argument, or the macro CAL_LEN) of
/// one operation mix.
struct KernelShape {
  unsigned Paths = 2;
  enum Mix { Int, Float, Special } Ops = Int;
  bool Guard = false; // `if (gid >= n) return;` first
  std::string name() const; // e.g. "p4-float-guard"
};

/// The calibration set: P in {2, 4, 8}, every mix, with and without the
/// guard; Quick: two kernels of two paths.
std::vector<KernelShape> calibrationSet(bool Quick);
/// OpenCL C of the kernel `cal` of shape S (arguments: keys, x, outf, outu,
/// len, n).
std::string kernelSource(const KernelShape &S);

/// What the model says of one kernel rewritten with one strategy, from
/// tdrc --explain=json runs (ModelProbe.cpp).
struct ModelView {
  double Words = 0;       // the round's migration cost, PerWord * words
  double Keys = 0;        // paths + inactive key
  double GainBase = 0;    // the net gain is GainBase + GainPerLen * len
  double GainPerLen = 0;
  double DefaultCost = 0; // the compiled-in fixed cost and per-key cost
  double DefaultPerKey = 0;
  double gainAt(double Len) const { return GainBase + GainPerLen * Len; }
};

/// Runs tdrc (Path) in a work folder.
class Tdrc {
public:
  Tdrc(std::string Path, std::string WorkDir, bool Verbose)
      : Path(std::move(Path)), Dir(std::move(WorkDir)), Verbose(Verbose) {}
  /// Writes Out, the --force rewrite of In with strategy Algo; an error
  /// message, or none.
  std::optional<std::string> rewrite(const std::string &In,
                                     const std::string &Algo,
                                     const std::string &Out);
  /// The model's view of In rewritten with Algo; an error, or none.
  std::optional<std::string> probe(const std::string &In,
                                   const std::string &Algo, ModelView &V);
  const std::string &workDir() const { return Dir; }

private:
  std::string Path, Dir;
  bool Verbose;
  /// Runs tdrc with Args, stdout to OutFile; its exit status and stderr.
  int run(const std::vector<std::string> &Args, const std::string &OutFile,
          std::string &Err);
  std::optional<std::string> estimate(const std::string &In,
                                      const std::string &Algo,
                                      const std::string &Profile, int Len,
                                      double &Cost, double &Gain);
};

/// One kernel's times at one path length (ms per launch).
struct Timing {
  int Len = 0;
  double Original = 0, Rewrite = 0;
  double ratio() const { return Original / Rewrite; } // > 1: the rewrite wins
};

/// The measured break-even of one (kernel, strategy): the length from which
/// on the rewrite is faster at every measured length.
struct BreakEven {
  enum Kind { Measured, Never, Always } What = Never;
  double Len = 0; // Measured: interpolated in log2(len)
};
BreakEven breakEven(const std::vector<Timing> &T);

/// One calibrated (kernel, strategy).
struct Sample {
  KernelShape Shape;
  std::string Algo; // "hot", "dgi"
  std::string Error; // non-empty: calibration of this pair failed
  std::vector<Timing> Times;
  BreakEven Even;
  ModelView Model;
  double TrueCost = 0; // the model's gain at the break-even, less migration
};

/// The fitted constants of one strategy.
struct Fit {
  std::string Algo;
  unsigned Used = 0;   // samples with a measured break-even
  double Cost = 0, PerKey = 0;
  bool PerKeyFitted = false; // else the default per-key cost was kept
  std::string Note;    // why nothing was fitted, or how
};
/// cost + per_key * keys by least squares over the measured samples of Algo.
Fit fitStrategy(const std::string &Algo, const std::vector<Sample> &S);

/// Every (kernel, strategy) of the calibration set, not yet calibrated.
std::vector<Sample> calibrationSamples(bool Quick);

/// --prepare / --measure: the samples tdrc prepared in a folder (their
/// kernels and rewrites beside it), so that the GPU machine needs no tdrc.
/// Writes Dir/manifest.txt; false when it cannot.
bool writeManifest(const std::string &Dir, bool Quick,
                   const std::vector<Sample> &S);
/// Reads it back into S and Quick; an error message, or none.
std::optional<std::string> readManifest(const std::string &Dir, bool &Quick,
                                        std::vector<Sample> &S);

struct DeviceDesc {
  std::string Name, Platform, Version;
};

/// Per path count, the strategy whose rewrite ran fastest at the longest
/// length (mean time relative to the original over that count's kernels).
std::vector<std::pair<unsigned, std::string>>
preferredStrategies(const std::vector<Sample> &Samples);
/// Prints the table of every sample, the fits and the preferred strategies.
void summary(const DeviceDesc &D, const std::vector<Sample> &Samples,
             const std::vector<Fit> &Fits,
             const std::vector<std::pair<unsigned, std::string>> &Pref,
             const std::vector<int> &Lens);

/// The cost profile's text (version 1, docs/cost-profile.md).
std::string profileJson(const DeviceDesc &D, const std::vector<Fit> &Fits,
                        const std::vector<std::pair<unsigned, std::string>> &Preferred,
                        const std::vector<Sample> &Samples, bool Quick,
                        unsigned N);

} // namespace tdrc::cal

#endif
