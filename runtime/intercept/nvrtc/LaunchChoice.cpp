//===- LaunchChoice.cpp - Paired functions, buckets, timed launches -------===//
#include "LaunchChoice.h"
#include "NvrtcPrograms.h"
#include "RealCuda.h"
#include "../Settings.h"
#include "tdrc/runtime/ChoicePolicy.h"
#include <algorithm>
#include <cstdio>
#include <mutex>
#include <optional>
#include <vector>

namespace tdrc::intercept {

using rt::Variant;

namespace {

// A launch's shape and the raw bytes of the scalars that key its bucket:
// the same key as the last settled launch skips the bucket and the policy
// (a sort's thousands of identical short launches).
struct LaunchKey {
  unsigned Grid[3] = {0, 0, 0}, Block[3] = {0, 0, 0};
  std::vector<unsigned char> Args;
  bool operator==(const LaunchKey &O) const {
    return std::equal(Grid, Grid + 3, O.Grid) &&
           std::equal(Block, Block + 3, O.Block) && Args == O.Args;
  }
};

struct Pair {
  std::string Name;
  CUfunction Original = nullptr;
  rt::ChoicePolicy Policy;
  std::optional<rt::WhenExpr> When;
  std::vector<rt::VariantDescriptor::Scalar> Keyed; // key the buckets
  bool Pinned = false; // the original only (excluded, or the rewrite failed)
  std::optional<std::pair<LaunchKey, Variant>> Last; // settled, untimed

  Pair(const ShadowKernel &K, rt::ChoicePolicy::Options O)
      : Name(K.Desc.Kernel), Policy(K.Desc.Kernel, std::move(O)) {}
};

std::mutex Lock;
std::map<CUmodule, std::shared_ptr<const ShadowKernels>> Modules;
std::map<CUfunction, std::shared_ptr<Pair>> Pairs;
std::map<CUmodule, std::vector<CUfunction>> FunctionsOf;

rt::ChoicePolicy::Options optionsFor(const rt::VariantDescriptor &D) {
  rt::ChoicePolicy::Options O;
  O.Mode = rt::chooseModeFromEnvironment(); // throws for a bad TDR_CHOOSE
  O.MaxWg = D.MaxWg;
  if (D.Margin >= 0)
    O.Tolerance = D.Margin;
  if (settings().Log)
    O.Log = [](const std::string &Line) {
      std::fprintf(stderr, "%s\n", Line.c_str());
    };
  return O;
}

// `when` bound to the descriptor's scalars; every scalar keys the bucket
// where it cannot be (then the policy measures).
void bind(Pair &P, const rt::VariantDescriptor &D) {
  P.When = rt::WhenExpr::parse(D.When, nullptr);
  bool Known = P.When && D.HasScalars;
  if (Known)
    for (const std::string &N : P.When->names())
      Known &= std::any_of(D.Scalars.begin(), D.Scalars.end(),
                           [&](const auto &S) { return S.Name == N; });
  if (!Known) {
    P.When.reset();
    P.Keyed = D.Scalars;
    return;
  }
  for (const auto &S : D.Scalars)
    if (std::binary_search(P.When->names().begin(), P.When->names().end(),
                           S.Name))
      P.Keyed.push_back(S);
}

LaunchKey keyOf(const Pair &P, const unsigned Grid[3], const unsigned Block[3],
               void **Params) {
  LaunchKey K;
  std::copy(Grid, Grid + 3, K.Grid);
  std::copy(Block, Block + 3, K.Block);
  for (const auto &S : P.Keyed)
    if (Params && Params[S.Index]) {
      auto *B = static_cast<const unsigned char *>(Params[S.Index]);
      K.Args.insert(K.Args.end(), B, B + rt::scalarTypeSize(S.Type));
    }
  return K;
}

rt::Bucket bucketOf(const Pair &P, const unsigned Grid[3],
                    const unsigned Block[3], void **Params,
                    std::optional<bool> &WhenHolds) {
  rt::Bucket B;
  for (int I = 0; I < 3; ++I) {
    B.Global.push_back(size_t(Grid[I]) * Block[I]);
    B.Local.push_back(Block[I]);
  }
  rt::WhenExpr::Bindings Values;
  for (const auto &S : P.Keyed) {
    std::optional<rt::WhenValue> V;
    if (Params && Params[S.Index])
      V = rt::decodeScalarArg(S.Type, Params[S.Index],
                              rt::scalarTypeSize(S.Type));
    if (!V)
      continue;
    B.Args.emplace_back(S.Name, *V);
    Values.emplace(S.Name, *V);
  }
  WhenHolds.reset();
  if (P.When)
    WhenHolds = P.When->holds(Values);
  return B;
}

// The launch's time in milliseconds, or -1 where it cannot be measured
// (no events, a stream being captured into a graph).
template <typename LaunchFn>
double timedLaunch(CUstream Stream, CUresult &Err, LaunchFn Launch) {
  const RealCuda &R = realCuda();
  int Capturing = 0;
  CUevent A = nullptr, B = nullptr;
  if (!R.cuEventCreate || !R.cuEventRecord || !R.cuEventSynchronize ||
      !R.cuEventElapsedTime || !R.cuEventDestroy_v2 ||
      (R.cuStreamIsCapturing &&
       (R.cuStreamIsCapturing(Stream, &Capturing) != CUDA_SUCCESS ||
        Capturing)) ||
      R.cuEventCreate(&A, 0) != CUDA_SUCCESS) {
    Err = Launch();
    return -1;
  }
  if (R.cuEventCreate(&B, 0) != CUDA_SUCCESS) {
    R.cuEventDestroy_v2(A);
    Err = Launch();
    return -1;
  }
  float Ms = -1;
  R.cuEventRecord(A, Stream);
  Err = Launch();
  if (Err != CUDA_SUCCESS || R.cuEventRecord(B, Stream) != CUDA_SUCCESS ||
      R.cuEventSynchronize(B) != CUDA_SUCCESS ||
      R.cuEventElapsedTime(&Ms, A, B) != CUDA_SUCCESS)
    Ms = -1;
  R.cuEventDestroy_v2(A);
  R.cuEventDestroy_v2(B);
  return Ms;
}

} // namespace

void moduleLoaded(CUmodule M, const void *Image) {
  if (std::shared_ptr<const ShadowKernels> K = kernelsOfImage(Image)) {
    std::lock_guard<std::mutex> G(Lock);
    Modules[M] = std::move(K);
  }
}

void moduleUnloading(CUmodule M) {
  std::lock_guard<std::mutex> G(Lock);
  Modules.erase(M);
  auto It = FunctionsOf.find(M);
  if (It == FunctionsOf.end())
    return;
  for (CUfunction F : It->second)
    Pairs.erase(F);
  FunctionsOf.erase(It);
}

void functionFound(CUfunction F, CUmodule M, const char *Name) {
  std::shared_ptr<const ShadowKernels> Ks;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Modules.find(M);
    if (It == Modules.end() || !Name || Pairs.count(F))
      return;
    Ks = It->second;
  }
  auto K = Ks->find(Name);
  if (K == Ks->end())
    return;
  const ShadowKernel &SK = K->second;
  CUfunction Original = nullptr;
  if (realCuda().cuModuleGetFunction(&Original, M, SK.Original.c_str()) !=
      CUDA_SUCCESS) {
    logLine("kernel " + SK.Desc.Kernel + ": rewrite only (its original '" +
            SK.Original + "' is not in the module)");
    return;
  }
  std::shared_ptr<Pair> P;
  try {
    P = std::make_shared<Pair>(SK, optionsFor(SK.Desc));
    bind(*P, SK.Desc);
  } catch (const std::exception &E) {
    P = std::make_shared<Pair>(SK, rt::ChoicePolicy::Options());
    P->Pinned = true;
    logLine("kernel " + SK.Desc.Kernel + ": original (" + E.what() + ")");
  }
  P->Original = Original;
  if (!settings().allows(SK.Desc.Kernel)) {
    P->Pinned = true;
    logLine("kernel " + SK.Desc.Kernel + ": original (TDR_KERNELS / "
            "TDR_SKIP_KERNELS)");
  } else {
    logLine("kernel " + SK.Desc.Kernel + ": rewrite paired with its original");
  }
  std::lock_guard<std::mutex> G(Lock);
  Pairs[F] = P;
  FunctionsOf[M].push_back(F);
}

CUresult launch(CUfunction F, const unsigned Grid[3], const unsigned Block[3],
                unsigned SharedBytes, CUstream Stream, void **Params,
                void **Extra) {
  const RealCuda &R = realCuda();
  auto Run = [&](CUfunction Which) {
    return R.cuLaunchKernel(Which, Grid[0], Grid[1], Grid[2], Block[0],
                            Block[1], Block[2], SharedBytes, Stream, Params,
                            Extra);
  };
  std::shared_ptr<Pair> P;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Pairs.find(F);
    if (It != Pairs.end())
      P = It->second;
  }
  if (!P)
    return Run(F);
  if (P->Pinned)
    return Run(P->Original);
  rt::Bucket B;
  rt::ChoicePolicy::Decision D{Variant::Original, false};
  try { // nothing is launched yet: any failure runs the original
    LaunchKey K = keyOf(*P, Grid, Block, Params);
    std::lock_guard<std::mutex> G(Lock);
    if (P->Last && P->Last->first == K) {
      D.V = P->Last->second;
    } else {
      std::optional<bool> When;
      B = bucketOf(*P, Grid, Block, Params, When);
      D = P->Policy.choose(B, When);
      const rt::ChoicePolicy::BucketState *S = P->Policy.find(B);
      if (!D.Timed && (P->Policy.mode() != rt::ChooseMode::Measure ||
                       (S && S->Settled)))
        P->Last.emplace(std::move(K), D.V);
    }
  } catch (const std::exception &E) {
    logLine("kernel " + P->Name + ": original from now on (" + E.what() + ")");
    P->Pinned = true;
    return Run(P->Original);
  }
  CUfunction Which = D.V == Variant::Rewritten ? F : P->Original;
  // A rewrite the driver refuses to launch: the original, for good.
  auto Fallback = [&](CUresult Err) {
    if (Err == CUDA_SUCCESS || Which == P->Original)
      return Err;
    logLine("kernel " + P->Name + ": original from now on (launching the "
            "rewrite failed: " + std::to_string(Err) + ")");
    P->Pinned = true;
    return Run(P->Original);
  };
  if (!D.Timed)
    return Fallback(Run(Which));
  CUresult Err = CUDA_SUCCESS;
  double Ms = timedLaunch(Stream, Err, [&] { return Run(Which); });
  if (Ms >= 0)
    try {
      std::lock_guard<std::mutex> G(Lock);
      P->Policy.report(B, D.V, Ms);
    } catch (...) { // a lost sample: the bucket is timed again
    }
  return Fallback(Err);
}

} // namespace tdrc::intercept
