//===- Occupancy.cpp - The CUDA occupancy calculator's arithmetic ---------===//
//
// Each limit follows cuda_occupancy.h for a kernel with default attributes
// (no carveout preference, so the largest carveout; no named barriers; no
// partitioned global caching).  Sums are taken in 64 bits so that absurd
// inputs give 0 blocks rather than wrapping around.
//
//===----------------------------------------------------------------------===//
#include "tdrc/Occupancy/Occupancy.h"
#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace tdrc {

namespace {

uint64_t ceilDiv(uint64_t X, uint64_t Y) { return (X + Y - 1) / Y; }
uint64_t roundUp(uint64_t X, uint64_t Y) { return Y ? ceilDiv(X, Y) * Y : X; }

unsigned clampBlocks(uint64_t N) {
  return N >= NoLimit ? NoLimit : unsigned(N);
}

/// The register limit with the file split into Banks banks.  A warp's
/// registers come from one bank, so a block's warps are spread over them;
/// the hardware's per-block check assumes every bank gets an equal share,
/// i.e. rounds the warps up to a multiple of Banks.
unsigned blocksByRegs(const GpuParams &P, uint64_t Warps, uint64_t Regs,
                      unsigned Banks, OccupancyResult &R) {
  if (Regs > P.MaxRegsPerThread)
    return 0;
  if (P.RegGranularity == RegAllocGranularity::Block) {
    uint64_t PerBlock = roundUp(Regs * P.WarpSize * Warps, P.RegAllocUnit);
    R.RegsPerWarp = 0;
    R.RegsPerBlock = unsigned(std::min<uint64_t>(PerBlock, NoLimit));
    if (PerBlock > P.RegsPerBlock)
      return 0;
    return PerBlock ? clampBlocks(P.RegsPerSM / PerBlock) : NoLimit;
  }
  uint64_t PerWarp = roundUp(Regs * P.WarpSize, P.RegAllocUnit);
  uint64_t PerBlock = PerWarp * Warps;
  R.RegsPerWarp = unsigned(PerWarp);
  R.RegsPerBlock = unsigned(std::min<uint64_t>(PerBlock, NoLimit));
  if (PerBlock > P.RegsPerBlock ||
      PerWarp * roundUp(Warps, Banks) > P.RegsPerBlock)
    return 0;
  if (!PerWarp)
    return NoLimit;
  uint64_t WarpsPerBank = (P.RegsPerSM / Banks) / PerWarp;
  return clampBlocks(WarpsPerBank * Banks / Warps);
}

/// The shared-memory limit: every block also holds the driver's reserved
/// bytes, and allocations are rounded up to the unit.
unsigned blocksByShared(const GpuParams &P, uint64_t Bytes, bool OptIn,
                        OccupancyResult &R) {
  uint64_t Alloc = roundUp(Bytes + P.SharedReservedPerBlock, P.SharedAllocUnit);
  uint64_t Limit = uint64_t(OptIn ? P.SharedPerBlockOptIn : P.SharedPerBlock) +
                   P.SharedReservedPerBlock;
  R.SharedPerBlock = unsigned(std::min<uint64_t>(Alloc, NoLimit));
  R.SharedLimitPerBlock = unsigned(Limit);
  if (Alloc > Limit)
    return 0;
  return Alloc ? clampBlocks(P.SharedPerSM / Alloc) : NoLimit;
}

} // namespace

const char *limitName(OccupancyLimit L) {
  switch (L) {
  case OccupancyLimit::Warps:
    return "warps";
  case OccupancyLimit::Registers:
    return "registers";
  case OccupancyLimit::SharedMemory:
    return "shared memory";
  case OccupancyLimit::Blocks:
    return "blocks";
  }
  return "?";
}

OccupancyResult computeOccupancy(const GpuParams &P, unsigned BlockSize,
                                 unsigned RegsPerThread,
                                 unsigned SharedBytesPerBlock,
                                 bool SharedOptIn) {
  OccupancyResult R;
  uint64_t Warps =
      roundUp(ceilDiv(BlockSize, P.WarpSize), P.WarpAllocGranularity);
  R.WarpsPerBlock = unsigned(Warps);
  bool Launchable = BlockSize > 0 && BlockSize <= P.MaxThreadsPerBlock;

  R.BlocksByWarps = Launchable ? unsigned(P.MaxWarpsPerSM / Warps) : 0;
  R.BlocksByRegs =
      Launchable ? blocksByRegs(P, Warps, RegsPerThread, P.RegBanks, R) : 0;
  // sm_60: a block that would not fit on GP10x is not run on GP100 either.
  if (R.BlocksByRegs && P.RegCompatBanks) {
    OccupancyResult Scratch;
    if (!blocksByRegs(P, Warps, RegsPerThread, P.RegCompatBanks, Scratch))
      R.BlocksByRegs = 0;
  }
  R.BlocksByShared = blocksByShared(P, SharedBytesPerBlock, SharedOptIn, R);
  R.BlocksByBlockLimit =
      P.SingleWarpBlocksUnlimited && Warps == 1 ? NoLimit : P.MaxBlocksPerSM;

  R.BlocksPerSM = std::min({R.BlocksByWarps, R.BlocksByRegs, R.BlocksByShared,
                            R.BlocksByBlockLimit});
  // Ties go to the first in CUDA's order of limiting factors.
  if (R.BlocksPerSM == R.BlocksByWarps)
    R.Limiter = OccupancyLimit::Warps;
  else if (R.BlocksPerSM == R.BlocksByRegs)
    R.Limiter = OccupancyLimit::Registers;
  else if (R.BlocksPerSM == R.BlocksByShared)
    R.Limiter = OccupancyLimit::SharedMemory;
  else
    R.Limiter = OccupancyLimit::Blocks;

  R.ActiveWarps = R.BlocksPerSM * R.WarpsPerBlock;
  R.Occupancy = P.MaxWarpsPerSM ? double(R.ActiveWarps) / P.MaxWarpsPerSM : 0;
  return R;
}

// Blocks per SM never grow with more shared memory or more registers, so
// the largest value that keeps Blocks is found by bisection over the exact
// model rather than by inverting each rounding step.
std::optional<unsigned> maxSharedForBlocks(const GpuParams &P,
                                           unsigned BlockSize,
                                           unsigned RegsPerThread,
                                           unsigned Blocks, bool SharedOptIn) {
  auto Fits = [&](unsigned S) {
    return computeOccupancy(P, BlockSize, RegsPerThread, S, SharedOptIn)
               .BlocksPerSM >= Blocks;
  };
  if (!Fits(0))
    return std::nullopt;
  unsigned Lo = 0, Hi = SharedOptIn ? P.SharedPerBlockOptIn : P.SharedPerBlock;
  if (Fits(Hi))
    return Hi;
  while (Hi - Lo > 1) { // Fits(Lo), !Fits(Hi)
    unsigned Mid = Lo + (Hi - Lo) / 2;
    (Fits(Mid) ? Lo : Hi) = Mid;
  }
  return Lo;
}

std::optional<unsigned> maxRegsForBlocks(const GpuParams &P, unsigned BlockSize,
                                         unsigned SharedBytesPerBlock,
                                         unsigned Blocks, bool SharedOptIn) {
  auto Fits = [&](unsigned Regs) {
    return computeOccupancy(P, BlockSize, Regs, SharedBytesPerBlock,
                            SharedOptIn)
               .BlocksPerSM >= Blocks;
  };
  if (!Fits(0))
    return std::nullopt;
  unsigned Lo = 0, Hi = P.MaxRegsPerThread;
  if (Fits(Hi))
    return Hi;
  while (Hi - Lo > 1) {
    unsigned Mid = Lo + (Hi - Lo) / 2;
    (Fits(Mid) ? Lo : Hi) = Mid;
  }
  return Lo;
}

std::string describeOccupancy(const GpuParams &P, const OccupancyResult &R) {
  auto Limit = [](unsigned N) {
    return N == NoLimit ? std::string("-") : std::to_string(N);
  };
  char Pct[16];
  std::snprintf(Pct, sizeof(Pct), "%.0f%%", R.Occupancy * 100);
  return std::string(P.Name) + ": " + std::to_string(R.BlocksPerSM) +
         " blocks/SM (" + std::to_string(R.ActiveWarps) + "/" +
         std::to_string(P.MaxWarpsPerSM) + " warps, " + Pct + "), limited by " +
         limitName(R.Limiter) + ": warps " + Limit(R.BlocksByWarps) +
         ", registers " + Limit(R.BlocksByRegs) + " (" +
         std::to_string(R.RegsPerWarp) + "/warp), shared " +
         Limit(R.BlocksByShared) + " (" + std::to_string(R.SharedPerBlock) +
         " B/block), blocks " + Limit(R.BlocksByBlockLimit);
}

} // namespace tdrc
