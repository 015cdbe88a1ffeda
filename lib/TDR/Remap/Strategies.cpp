//===- Strategies.cpp - The table of remap strategies ----------------------===//
#include "RoundCode.h"
#include "tdrc/TDR/Remap/Strategy.h"

namespace tdrc {

// Round costs in the profitability model's weighted operations, calibrated
// on an H200 (Profitability.cpp's header): OpenCL (NVIDIA's, work-groups of
// 256) from the micro-benchmark's break-even path lengths; CUDA (nvcc -O3
// -arch=sm_90) from docs/benchmarks.md, "CUDA".  Head-or-Tail: 3 barriers,
// 1 atomic; DGI: 4 barriers, ranks, a scan, and per (path + inactive) key;
// warp-aggregated Head-or-Tail: 3 barriers, 2 ballots, 1 atomic per warp;
// ballot: 3 barriers, a warp scan, per key a ballot, a count, scan cells.
// Scatter price: a global access at a work-item address out of its coalesced
// order, from LBM on the H200 (docs/benchmarks.md, "Profitability"):
// Head-or-Tail 0.93x but DGI 1.02x on the same kernel (OpenCL), HoT 1.02x,
// warp-aggregated 1.04x, ballot 1.07x, DGI 1.08x (CUDA).  Head-or-Tail hands
// slots out in atomic order: about one access more (4 against 1).
static const RemapStrategy Strategies[] = {
    {Algorithm::HeadOrTail, "hot", "hot", "Head-or-Tail",
     /*HeadOrTailLike=*/true, /*SubCounts=*/false, /*WarpLevel=*/false,
     Algorithm::HeadOrTail, 170, 0, 110, 0, 4, headOrTail},
    {Algorithm::DGI, "dgi", "dgi", "Data Group Indexing",
     false, true, false, Algorithm::DGI, 435, 15, 231, 22, 1,
     dataGroupIndexing},
    {Algorithm::WarpHeadOrTail, "warp_hot", "warp-hot",
     "Head-or-Tail with warp-aggregated atomics", true, false, true,
     Algorithm::HeadOrTail, 136, 0, 136, 0, 1, warpHeadOrTail},
    {Algorithm::Ballot, "ballot", "ballot", "ballot partition", false, true,
     true, Algorithm::DGI, 120, 16, 120, 16, 1, ballotPartition},
};

llvm::ArrayRef<RemapStrategy> remapStrategies() { return Strategies; }

const RemapStrategy &strategyOf(Algorithm A) {
  for (const RemapStrategy &S : Strategies)
    if (S.Algo == A)
      return S;
  return Strategies[0];
}

std::optional<Algorithm> algorithmNamed(llvm::StringRef Keyword,
                                        bool OrOption) {
  for (const RemapStrategy &S : Strategies)
    if (Keyword == S.Keyword || (OrOption && Keyword == S.Option))
      return S.Algo;
  return std::nullopt;
}

std::string algorithmOptionList() {
  std::string Out;
  for (size_t I = 0; I < std::size(Strategies); ++I)
    Out += std::string(I == 0 ? "" : I + 1 == std::size(Strategies) ? " or " : ", ") +
           Strategies[I].Option;
  return Out;
}

} // namespace tdrc
