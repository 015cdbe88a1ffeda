//===- Occupancy.h - Resident blocks per SM, as CUDA computes them --------===//
//
// The arithmetic of cudaOccupancyMaxActiveBlocksPerMultiprocessor and the
// CUDA occupancy calculator for a kernel that sets no shared-memory
// carveout preference, no named barriers and no partitioned global caching:
// the minimum of the warp, register, shared-memory and block limits.  The
// parts of each limit are kept in the result so that a caller can print the
// budget arithmetic behind a decision.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_OCCUPANCY_OCCUPANCY_H
#define TDRC_OCCUPANCY_OCCUPANCY_H

#include "tdrc/Occupancy/GpuTable.h"
#include <optional>
#include <string>

namespace tdrc {

enum class OccupancyLimit { Warps, Registers, SharedMemory, Blocks };

const char *limitName(OccupancyLimit L);

/// A limit that does not bind (no registers, no shared memory).
constexpr unsigned NoLimit = ~0u;

struct OccupancyResult {
  unsigned BlocksPerSM = 0;
  unsigned ActiveWarps = 0;                       // BlocksPerSM * WarpsPerBlock
  double Occupancy = 0;                           // ActiveWarps / MaxWarpsPerSM
  OccupancyLimit Limiter = OccupancyLimit::Warps; // first of the tied limits

  // Blocks each limit alone allows (NoLimit if it does not bind).
  unsigned BlocksByWarps = 0;
  unsigned BlocksByRegs = 0;
  unsigned BlocksByShared = 0;
  unsigned BlocksByBlockLimit = 0;

  // What one block takes.
  unsigned WarpsPerBlock = 0;
  unsigned RegsPerWarp = 0;         // allocated, rounded to the unit
  unsigned RegsPerBlock = 0;        // allocated
  unsigned SharedPerBlock = 0;      // allocated: + reserved, rounded
  unsigned SharedLimitPerBlock = 0; // most a block may be allocated
};

/// Active blocks per SM for blocks of BlockSize threads using RegsPerThread
/// registers and SharedBytesPerBlock bytes of shared (local) memory, static
/// and dynamic together.  SharedOptIn: the kernel raised its dynamic limit
/// to the opt-in maximum; without it a block may only have SharedPerBlock.
/// A block that cannot run at all (too large, too many registers or too much
/// shared memory) gets 0 blocks and the limit it broke.
OccupancyResult computeOccupancy(const GpuParams &P, unsigned BlockSize,
                                 unsigned RegsPerThread,
                                 unsigned SharedBytesPerBlock,
                                 bool SharedOptIn = false);

/// The most shared memory per block that still keeps Blocks blocks per SM,
/// or nullopt when Blocks blocks do not fit even without shared memory.
std::optional<unsigned> maxSharedForBlocks(const GpuParams &P,
                                           unsigned BlockSize,
                                           unsigned RegsPerThread,
                                           unsigned Blocks,
                                           bool SharedOptIn = false);

/// The most registers per thread that still keep Blocks blocks per SM, or
/// nullopt when Blocks blocks do not fit even with no registers.
std::optional<unsigned> maxRegsForBlocks(const GpuParams &P, unsigned BlockSize,
                                         unsigned SharedBytesPerBlock,
                                         unsigned Blocks,
                                         bool SharedOptIn = false);

/// One line of budget arithmetic, e.g. "sm_90: 4 blocks/SM (32/64 warps,
/// 50%), limited by registers: warps 8, registers 4, shared 228, blocks 32".
std::string describeOccupancy(const GpuParams &P, const OccupancyResult &R);

} // namespace tdrc

#endif
