//===- ChoicePolicy.cpp - Rewrite or original, per bucket -----------------===//
#include "tdrc/runtime/ChoicePolicy.h"
#include "tdrc/runtime/Error.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>

namespace tdrc::rt {

const char *variantName(Variant V) {
  return V == Variant::Rewritten ? "rewritten" : "original";
}

ChooseMode chooseModeFromEnvironment() {
  const char *V = std::getenv("TDR_CHOOSE");
  if (!V || !*V || !std::strcmp(V, "measure"))
    return ChooseMode::Measure;
  if (!std::strcmp(V, "model"))
    return ChooseMode::Model;
  if (!std::strcmp(V, "rewritten"))
    return ChooseMode::Rewritten;
  if (!std::strcmp(V, "original"))
    return ChooseMode::Original;
  throw Error(std::string("TDR_CHOOSE='") + V +
              "': expected measure, model, rewritten or original");
}

bool logFromEnvironment() {
  const char *V = std::getenv("TDR_LOG");
  return V && *V && std::strcmp(V, "0") != 0;
}

size_t Bucket::groupSize() const {
  if (Local.empty())
    return 0;
  size_t N = 1;
  for (size_t L : Local)
    N *= L;
  return N;
}

namespace {

std::string dims(const std::vector<size_t> &V) {
  std::string S;
  for (size_t I = 0; I < V.size(); ++I)
    S += (I ? "x" : "") + std::to_string(V[I]);
  return S;
}

/// V's fastest sample in S (which has one).
double best(const ChoicePolicy::BucketState &S, Variant V) {
  const std::vector<double> &T = S.Times[int(V)];
  return *std::min_element(T.begin(), T.end());
}

std::string ms(double T) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.3g ms", T);
  return Buf;
}

} // namespace

std::string Bucket::label() const {
  std::string S = "[g=" + dims(Global) + " l=" +
                  (Local.empty() ? std::string("auto") : dims(Local));
  for (auto &[Name, Value] : Args)
    S += " " + Name + "=" + Value.str();
  return S + "]";
}

bool Bucket::operator<(const Bucket &O) const {
  return std::tie(Global, Local, Args) < std::tie(O.Global, O.Local, O.Args);
}

ChoicePolicy::ChoicePolicy(std::string Kernel, Options O)
    : Kernel(std::move(Kernel)), Opts(std::move(O)) {
  Opts.Samples = std::max(Opts.Samples, 1u);
}

void ChoicePolicy::log(const std::string &Line) const {
  if (Opts.Log)
    Opts.Log("tdrc: " + Kernel + Line);
}

ChoicePolicy::Model ChoicePolicy::model(const Bucket &B,
                                        std::optional<bool> When) const {
  size_t Wg = B.groupSize();
  if (Wg > Opts.MaxWg || (When && !*When))
    return Model::Original;
  if (!When || !Wg)
    return Model::Measure;
  return Model::Rewritten;
}

/// The model's pick ("measure" read as the original), logged once per
/// bucket in the table.
Variant ChoicePolicy::modelPick(const Bucket &B, std::optional<bool> When,
                                bool Log) {
  Model M = model(B, When);
  Variant V = M == Model::Rewritten ? Variant::Rewritten : Variant::Original;
  std::string Why = B.groupSize() > Opts.MaxWg
                        ? "work-group of " + std::to_string(B.groupSize()) +
                              " > maxwg " + std::to_string(Opts.MaxWg)
                        : !When ? std::string("when unknown")
                                : std::string(*When ? "when true" : "when false");
  if (M == Model::Measure && When)
    Why += ", no local size";
  if (Log)
    log(" " + B.label() + ": model (" + Why + ") -> " + variantName(V));
  return V;
}

ChoicePolicy::Decision ChoicePolicy::choose(const Bucket &B,
                                            std::optional<bool> When) {
  if (Opts.Mode == ChooseMode::Rewritten || Opts.Mode == ChooseMode::Original) {
    Variant V = Opts.Mode == ChooseMode::Rewritten ? Variant::Rewritten
                                                   : Variant::Original;
    if (!LoggedFixed)
      log(std::string(": TDR_CHOOSE=") + variantName(V) + " -> " +
          variantName(V));
    LoggedFixed = true;
    return {V, false};
  }
  auto It = Table.find(B);
  if (It == Table.end()) {
    if (Table.size() >= Opts.MaxBuckets) { // the model, unlogged after once
      if (!LoggedFull)
        log(": " + std::to_string(Table.size()) +
            " buckets; the model chooses in new ones");
      LoggedFull = true;
      return {modelPick(B, When, false), false};
    }
    BucketState S;
    bool Measure = Opts.Mode == ChooseMode::Measure;
    // Where the model says the rewrite cannot pay, its rounds are switched
    // off in the kernel too: nothing to try (and tdrc's CUDA launcher agrees).
    if (!Measure || model(B, When) == Model::Original)
      S.Settled = modelPick(B, When, true);
    else
      S.First = model(B, When) == Model::Rewritten ? Variant::Rewritten
                                                   : Variant::Original;
    It = Table.emplace(B, std::move(S)).first;
  }
  BucketState &S = It->second;
  if (S.Settled)
    return {*S.Settled, false};
  size_t Done = S.Times[0].size() + S.Times[1].size();
  Variant Other =
      S.First == Variant::Rewritten ? Variant::Original : Variant::Rewritten;
  // Alternate, the first variant on even launches; one that has its
  // samples already (a report went missing) gives way to the other.
  Variant V = Done % 2 == 0 ? S.First : Other;
  if (S.Times[int(V)].size() >= samplesNeeded(S))
    V = V == S.First ? Other : S.First;
  return {V, true};
}

void ChoicePolicy::report(const Bucket &B, Variant V, double Ms) {
  auto It = Table.find(B);
  if (It == Table.end() || It->second.Settled)
    return;
  BucketState &S = It->second;
  bool WasNarrow = samplesNeeded(S) > Opts.Samples;
  if (S.Times[int(V)].size() < samplesNeeded(S))
    S.Times[int(V)].push_back(Ms);
  size_t Need = samplesNeeded(S);
  if (S.Times[0].size() >= Need && S.Times[1].size() >= Need)
    return settle(B, S);
  if (Need > Opts.Samples && !WasNarrow)
    log(" " + B.label() + ": original " + ms(best(S, Variant::Original)) +
        ", rewritten " + ms(best(S, Variant::Rewritten)) +
        ": a narrow win on short launches, up to " +
        std::to_string(Opts.ShortSamples) + " samples of each");
}

size_t ChoicePolicy::samplesNeeded(const BucketState &S) const {
  if (S.Times[0].size() < Opts.Samples || S.Times[1].size() < Opts.Samples)
    return Opts.Samples;
  double BestR = best(S, Variant::Rewritten), BestO = best(S, Variant::Original);
  bool Short = std::min(BestR, BestO) < Opts.ShortMs;
  bool Narrow = BestR < BestO * (1.0 - Opts.Tolerance) &&
                BestR >= BestO * (1.0 - Opts.ClearMargin);
  return Short && Narrow ? std::max(Opts.Samples, Opts.ShortSamples)
                         : Opts.Samples;
}

void ChoicePolicy::settle(const Bucket &B, BucketState &S) {
  double BestR = best(S, Variant::Rewritten), BestO = best(S, Variant::Original);
  // Never slower: the rewrite only where it wins clearly.
  S.Settled = BestR < BestO * (1.0 - Opts.Tolerance) ? Variant::Rewritten
                                                     : Variant::Original;
  log(" " + B.label() + ": original " + ms(BestO) + ", rewritten " + ms(BestR) +
      " -> " + variantName(*S.Settled));
}

const ChoicePolicy::BucketState *ChoicePolicy::find(const Bucket &B) const {
  auto It = Table.find(B);
  return It == Table.end() ? nullptr : &It->second;
}

} // namespace tdrc::rt
