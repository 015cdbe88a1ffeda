//===- ChoicePolicy.h - Rewrite or original, per launch --------------------===//
//
// Which variant of a `tdrc --keep-original` kernel a launch runs.  Launches
// fall into buckets: the global and local sizes and the values of the
// scalar arguments the `when` condition reads (all scalar arguments when the
// condition is unknown).  Per bucket:
//
//  - the model: the rewrite where the work-group has at most maxwg
//    work-items and `when` holds, the original where either fails; unknown
//    (a condition that cannot be evaluated, or no local size with a `when`
//    that holds): "measure";
//  - with measurement (TDR_CHOOSE=measure, the default) the bucket's first
//    launches alternate the variants, the model's pick first (the original
//    where the model says "measure"), each timed, until each has Samples
//    times; then the bucket keeps the one whose fastest time is lower, the
//    rewrite only where it wins by more than Tolerance.  Short launches
//    (either best below ShortMs) jitter by a few percent: where the rewrite
//    wins there by less than ClearMargin, both variants go on to
//    ShortSamples times (a sequential test: it stops as soon as the
//    original wins or the rewrite wins clearly).  A work-group above
//    maxwg settles on the original without measurement (the rewrite runs
//    unremapped there);
//  - TDR_CHOOSE=model: the model, "measure" read as the original;
//    rewritten / original: always that one.
//
// The table holds at most MaxBuckets buckets; launches in further buckets
// get the model's pick.  Every launch runs one variant (a kernel need not
// be idempotent).  No OpenCL here: Kernel times the launches it is told to.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_CHOICEPOLICY_H
#define TDRC_RUNTIME_CHOICEPOLICY_H

#include "tdrc/runtime/WhenExpr.h"
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tdrc::rt {

enum class Variant { Rewritten, Original };
const char *variantName(Variant V); // "rewritten", "original"

enum class ChooseMode { Measure, Model, Rewritten, Original };
/// TDR_CHOOSE: measure (also unset or empty), model, rewritten, original;
/// throws Error for another value.
ChooseMode chooseModeFromEnvironment();
/// TDR_LOG set to anything but empty or "0".
bool logFromEnvironment();

struct Bucket {
  std::vector<size_t> Global, Local; // Local empty: the implementation picks
  std::vector<std::pair<std::string, WhenValue>> Args;

  /// Work-items per work-group; 0 when Local is empty.
  size_t groupSize() const;
  /// "[g=4096 l=256 len=64]" (g=64x64, l=auto for no local size).
  std::string label() const;
  bool operator<(const Bucket &O) const;
};

class ChoicePolicy {
public:
  struct Options {
    ChooseMode Mode = ChooseMode::Measure;
    unsigned MaxWg = 256;
    size_t MaxBuckets = 256;
    unsigned Samples = 2;    // timed launches of each variant per bucket
    double Tolerance = 0.01; // the rewrite must be this much faster
    /// Launches this short (ms) jitter by a few percent: a narrow win of
    /// the rewrite (below ClearMargin) there needs ShortSamples each.
    double ShortMs = 0.2;
    double ClearMargin = 0.10;
    unsigned ShortSamples = 8;
    /// One line per decision (TDR_LOG); none when empty.
    std::function<void(const std::string &)> Log;
  };
  enum class Model { Rewritten, Original, Measure };
  struct Decision {
    Variant V;
    bool Timed; // report the launch's time
  };
  struct BucketState {
    Variant First = Variant::Original;  // the first variant explored
    std::vector<double> Times[2];       // ms, by Variant
    std::optional<Variant> Settled;
  };

  ChoicePolicy(std::string Kernel, Options O);

  /// The model's view of a bucket whose `when` evaluated to When.
  Model model(const Bucket &B, std::optional<bool> When) const;
  /// The variant to launch in bucket B.
  Decision choose(const Bucket &B, std::optional<bool> When);
  /// A timed launch's time in milliseconds (others are ignored).
  void report(const Bucket &B, Variant V, double Ms);

  ChooseMode mode() const { return Opts.Mode; }
  const Options &options() const { return Opts; }
  /// B's state; nullptr for a bucket not in the table.
  const BucketState *find(const Bucket &B) const;
  size_t buckets() const { return Table.size(); }

private:
  std::string Kernel;
  Options Opts;
  std::map<Bucket, BucketState> Table;
  bool LoggedFixed = false, LoggedFull = false;

  void log(const std::string &Line) const;
  Variant modelPick(const Bucket &B, std::optional<bool> When, bool Log);
  void settle(const Bucket &B, BucketState &S);
  /// The timed launches each variant of S needs: Samples, or ShortSamples
  /// while short launches show a narrow win of the rewrite.
  size_t samplesNeeded(const BucketState &S) const;
};

} // namespace tdrc::rt

#endif
