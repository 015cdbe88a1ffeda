//===- OccupancyTest.cpp - The occupancy model against hand arithmetic ----===//
//
// Expected values are worked out by hand from the vendors' documented limits
// (CUDA Programming Guide table + occupancy calculator units; LLVM AMDGPU's
// VGPR granules and wave limits), not taken from the model.
//
//===----------------------------------------------------------------------===//
#include "tdrc/Occupancy/Occupancy.h"
#include "tdrc/Occupancy/DeviceLimits.h"
#include "tdrc/Occupancy/GpuTable.h"
#include "gtest/gtest.h"
#include <set>

using namespace tdrc;

namespace {

using L = OccupancyLimit;

struct Case {
  const char *Gpu;
  unsigned Block, Regs, Shared;
  bool OptIn;
  unsigned Blocks;
  OccupancyLimit Limit;
};

// clang-format off
const Case Cases[] = {
  // sm_90: 64 warps, 32 blocks, 64 K regs in 4 banks, 228 KiB shared,
  // 1 KiB reserved per block, 128-byte shared units.
  // 8 warps/block: 64/8 = 8; regs 32*32 = 1024/warp, 16384/1024 = 16 warps
  // per bank, 64/8 = 8 (tie, warps first).
  {"sm_90", 256, 32, 0, false, 8, L::Warps},
  // 64*32 = 2048/warp, 16384/2048 = 8 per bank = 32 warps, 32/8 = 4.
  {"sm_90", 256, 64, 0, false, 4, L::Registers},
  // 255*32 = 8160 -> 8192/warp, 2 per bank = 8 warps, 8/4 = 2.
  {"sm_90", 128, 255, 0, false, 2, L::Registers},
  {"sm_90", 256, 255, 0, false, 1, L::Registers},
  // 9 warps round up to 12 for the per-block check: 12*8192 > 65536.
  {"sm_90", 288, 255, 0, false, 0, L::Registers},
  {"sm_90", 1024, 64, 0, false, 1, L::Registers},
  // 72*32 = 2304/warp, 32 warps = 73728 > 64 K per block.
  {"sm_90", 1024, 72, 0, false, 0, L::Registers},
  {"sm_90", 32, 16, 0, false, 32, L::Blocks},
  // 32768 + 1024 reserved = 33792; 233472/33792 = 6.9 -> 6 (7 without the
  // reserved kilobyte).
  {"sm_90", 128, 32, 32768, false, 6, L::SharedMemory},
  // 113 KiB + 1 KiB = 114 KiB, twice is exactly 228 KiB.
  {"sm_90", 128, 32, 115712, true, 2, L::SharedMemory},
  {"sm_90", 128, 32, 115713, true, 1, L::SharedMemory},
  {"sm_90", 128, 32, 232448, true, 1, L::SharedMemory},
  {"sm_90", 128, 32, 232448, false, 0, L::SharedMemory},
  {"sm_90", 128, 32, 232449, true, 0, L::SharedMemory},
  // 48 KiB + 1 KiB = 50176; 233472/50176 = 4.65 -> 4.
  {"sm_90", 128, 32, 49152, false, 4, L::SharedMemory},
  {"sm_90", 128, 32, 49153, false, 0, L::SharedMemory},
  {"sm_90", 1025, 32, 0, false, 0, L::Warps},
  {"sm_90", 0, 32, 0, false, 0, L::Warps},
  {"sm_90", 128, 256, 0, false, 0, L::Registers},
  {"sm_100", 256, 64, 0, false, 4, L::Registers},
  // sm_86: 48 warps, 16 blocks, 100 KiB shared.  4 warps/block: 48/4 = 12.
  {"sm_86", 128, 32, 0, false, 12, L::Warps},
  {"sm_86", 32, 32, 0, false, 16, L::Blocks},
  // 9 KiB + 1 KiB = 10240; 102400/10240 = 10.
  {"sm_86", 64, 32, 9216, false, 10, L::SharedMemory},
  // 48*32 = 1536/warp, 16384/1536 = 10 per bank = 40 warps, 40/8 = 5.
  {"sm_86", 256, 48, 0, false, 5, L::Registers},
  {"sm_89", 64, 32, 0, false, 24, L::Warps},
  {"sm_89", 32, 32, 0, false, 24, L::Blocks},
  {"sm_120", 32, 32, 0, false, 24, L::Blocks},
  {"sm_87", 32, 32, 0, false, 16, L::Blocks},
  // sm_80: 40 KiB + 1 KiB = 41 KiB, 164/41 = 4 exactly; one byte more rounds
  // the block to 42112 bytes and 167936/42112 = 3.99 -> 3.
  {"sm_80", 128, 32, 40960, false, 4, L::SharedMemory},
  {"sm_80", 128, 32, 40961, false, 3, L::SharedMemory},
  // sm_75: no reserve, 256-byte units: 4097 -> 4352, 65536/4352 = 15.
  {"sm_75", 64, 32, 4097, false, 15, L::SharedMemory},
  {"sm_75", 1024, 32, 0, false, 1, L::Warps},
  {"sm_75", 1024, 64, 0, false, 1, L::Warps},
  {"sm_75", 32, 16, 0, false, 16, L::Blocks},
  // Maxwell/Pascal: no opt-in above 48 KiB.
  {"sm_50", 128, 32, 49152, true, 1, L::SharedMemory},
  {"sm_50", 128, 32, 49153, true, 0, L::SharedMemory},
  {"sm_52", 128, 32, 49152, false, 2, L::SharedMemory},
  {"sm_70", 128, 32, 98304, true, 1, L::SharedMemory},
  // 33*32 = 1056 -> 1280/warp; 32 warps = 40960: over sm_53's 32 K per
  // block, within sm_50's 64 K (12 warps per bank = 48, 48/32 = 1).
  {"sm_53", 1024, 33, 0, false, 0, L::Registers},
  {"sm_50", 1024, 33, 0, false, 1, L::Registers},
  // 1024*32 = 32768: exactly sm_62's per-block limit; 64/32 = 2 by warps.
  {"sm_62", 1024, 32, 0, false, 2, L::Warps},
  {"sm_62", 1024, 33, 0, false, 0, L::Registers},
  // sm_60, two banks: 200*32 = 6400/warp, 32768/6400 = 5 per bank = 10
  // warps, 10/2 = 5; sm_61, four banks: 2 per bank = 8 warps, 8/2 = 4.
  {"sm_60", 64, 200, 0, false, 5, L::Registers},
  {"sm_61", 64, 200, 0, false, 4, L::Registers},
  // 10 warps fit GP100 (10/10 = 1) but not GP10x (8/10 = 0): CUDA says 0.
  {"sm_60", 320, 200, 0, false, 0, L::Registers},
  {"sm_60", 256, 200, 0, false, 1, L::Registers},
  // gfx906: 4 SIMDs x 256 VGPRs x 64 lanes, granule 4, 10 waves/SIMD.
  // 32 VGPRs: 16384/2048 = 8 waves per SIMD = 32, 32/4 = 8.
  {"gfx906", 256, 32, 0, false, 8, L::Registers},
  // 24 VGPRs: 10 waves/SIMD = 40 one-wave groups; no barrier limit.
  {"gfx906", 64, 24, 0, false, 40, L::Warps},
  // Two-wave groups take a barrier each: 16 per CU.
  {"gfx906", 128, 24, 0, false, 16, L::Blocks},
  {"gfx906", 256, 0, 16384, false, 4, L::SharedMemory},
  // gfx90a: 512 VGPRs/lane, granule 8, 8 waves/SIMD.  128 VGPRs: 4 waves
  // per SIMD = 16 per CU, 16/4 = 4.
  {"gfx90a", 256, 128, 0, false, 4, L::Registers},
  {"gfx90a", 1024, 128, 0, false, 1, L::Registers},
  {"gfx942", 256, 512, 0, false, 1, L::Registers},
  {"gfx942", 512, 512, 0, false, 0, L::Registers},
  // gfx1030 in WGP mode: 128 KiB LDS; 32 KiB blocks -> 4.
  {"gfx1030", 256, 64, 32768, false, 4, L::SharedMemory},
  // gfx1100: granule 24; 128 -> 144 VGPRs, 1536/144 = 10 waves per SIMD,
  // 40 waves, 40/8 = 5.
  {"gfx1100", 256, 128, 0, false, 5, L::Registers},
  // generic: one 32 K bank; 128*32*8 = 32768 is exactly one block.
  {"generic", 256, 32, 0, false, 4, L::Warps},
  {"generic", 256, 128, 0, false, 1, L::Registers},
  {"generic", 256, 0, 32768, false, 1, L::SharedMemory},
  {"generic", 256, 0, 32769, false, 0, L::SharedMemory},
};
// clang-format on

const GpuParams &gpu(const char *Name) {
  const GpuParams *P = findGpu(Name);
  EXPECT_NE(P, nullptr) << Name;
  static const GpuParams None{};
  return P ? *P : None;
}

} // namespace

TEST(Occupancy, HandWorkedCases) {
  for (const Case &C : Cases) {
    OccupancyResult R =
        computeOccupancy(gpu(C.Gpu), C.Block, C.Regs, C.Shared, C.OptIn);
    SCOPED_TRACE(std::string(C.Gpu) + " block " + std::to_string(C.Block) +
                 " regs " + std::to_string(C.Regs) + " shared " +
                 std::to_string(C.Shared) + (C.OptIn ? " opt-in" : ""));
    EXPECT_EQ(R.BlocksPerSM, C.Blocks);
    EXPECT_EQ(R.Limiter, C.Limit) << limitName(R.Limiter);
  }
}

TEST(Occupancy, WarpsAndFraction) {
  OccupancyResult R = computeOccupancy(gpu("sm_90"), 256, 64, 0);
  EXPECT_EQ(R.WarpsPerBlock, 8u);
  EXPECT_EQ(R.ActiveWarps, 32u);
  EXPECT_DOUBLE_EQ(R.Occupancy, 0.5);
  EXPECT_EQ(R.RegsPerWarp, 2048u);
  EXPECT_EQ(R.RegsPerBlock, 16384u);
  EXPECT_EQ(R.SharedPerBlock, 1024u); // the reserved kilobyte alone
  EXPECT_EQ(R.BlocksByShared, 228u);

  R = computeOccupancy(gpu("sm_86"), 32, 32, 0); // 16 of 48 warps
  EXPECT_DOUBLE_EQ(R.Occupancy, 16.0 / 48);
  // A partial warp still takes a whole one.
  R = computeOccupancy(gpu("sm_90"), 33, 0, 0);
  EXPECT_EQ(R.WarpsPerBlock, 2u);
  EXPECT_EQ(R.BlocksByRegs, NoLimit);
  // Before sm_80 nothing is reserved: no shared memory, no limit.
  EXPECT_EQ(computeOccupancy(gpu("sm_75"), 64, 32, 0).BlocksByShared, NoLimit);
}

TEST(Occupancy, Describe) {
  const GpuParams &P = gpu("sm_90");
  std::string S = describeOccupancy(P, computeOccupancy(P, 256, 64, 0));
  EXPECT_EQ(S, "sm_90: 4 blocks/SM (32/64 warps, 50%), limited by registers: "
               "warps 8, registers 4 (2048/warp), shared 228 (1024 B/block), "
               "blocks 32");
}

TEST(Occupancy, MaxSharedForBlocks) {
  // sm_90, 8 blocks: 233472/8 = 29184 bytes each, less the reserved 1 KiB.
  EXPECT_EQ(maxSharedForBlocks(gpu("sm_90"), 256, 32, 8), 28160u);
  EXPECT_EQ(computeOccupancy(gpu("sm_90"), 256, 32, 28161).BlocksPerSM, 7u);
  // One block: the per-block limit, not the SM's 228 KiB.
  EXPECT_EQ(maxSharedForBlocks(gpu("sm_90"), 256, 32, 1), 49152u);
  EXPECT_EQ(maxSharedForBlocks(gpu("sm_90"), 256, 32, 1, true), 232448u);
  // 1024-thread blocks: at most 2 by warps.
  EXPECT_EQ(maxSharedForBlocks(gpu("sm_90"), 1024, 32, 3), std::nullopt);
  EXPECT_EQ(maxSharedForBlocks(gpu("generic"), 256, 0, 1), 32768u);
}

TEST(Occupancy, MaxRegsForBlocks) {
  // sm_90, 256 threads: 4 blocks = 32 warps = 8 per bank -> 2048/warp -> 64.
  EXPECT_EQ(maxRegsForBlocks(gpu("sm_90"), 256, 0, 4), 64u);
  EXPECT_EQ(maxRegsForBlocks(gpu("sm_90"), 256, 0, 8), 32u);
  // 3 blocks = 24 warps = 6 per bank: 16384/6 -> 2560/warp -> 80.
  EXPECT_EQ(maxRegsForBlocks(gpu("sm_90"), 256, 0, 3), 80u);
  EXPECT_EQ(maxRegsForBlocks(gpu("sm_90"), 256, 0, 1), 255u);
  EXPECT_EQ(maxRegsForBlocks(gpu("sm_90"), 256, 0, 9), std::nullopt);
}

// The helpers agree with computeOccupancy at and just past their answer.
TEST(Occupancy, BudgetHelpersAreTight) {
  for (const GpuParams &P : allGpus())
    for (unsigned Block : {32u, 64u, 96u, 256u, 1024u})
      for (unsigned Regs : {0u, 24u, 40u, 128u})
        for (unsigned Blocks = 1; Blocks <= 12; ++Blocks) {
          SCOPED_TRACE(std::string(P.Name) + " " + std::to_string(Block) + " " +
                       std::to_string(Regs) + " " + std::to_string(Blocks));
          auto Fits = [&](unsigned S, unsigned R) {
            return computeOccupancy(P, Block, R, S).BlocksPerSM >= Blocks;
          };
          if (auto S = maxSharedForBlocks(P, Block, Regs, Blocks)) {
            EXPECT_TRUE(Fits(*S, Regs));
            EXPECT_TRUE(*S == P.SharedPerBlock || !Fits(*S + 1, Regs));
          } else {
            EXPECT_FALSE(Fits(0, Regs));
          }
          if (auto R = maxRegsForBlocks(P, Block, 0, Blocks)) {
            EXPECT_TRUE(Fits(0, *R));
            EXPECT_TRUE(*R == P.MaxRegsPerThread || !Fits(0, *R + 1));
          } else {
            EXPECT_FALSE(Fits(0, 0));
          }
        }
}

TEST(GpuTable, EntriesAreSelfConsistent) {
  std::set<std::string> Seen;
  for (const GpuParams &P : allGpus()) {
    SCOPED_TRACE(P.Name);
    EXPECT_TRUE(Seen.insert(P.Name).second);
    EXPECT_EQ(findGpu(P.Name), &P);
    EXPECT_EQ(P.MaxWarpsPerSM * P.WarpSize, P.MaxThreadsPerSM);
    EXPECT_EQ(P.MaxThreadsPerBlock % P.WarpSize, 0u);
    EXPECT_LE(P.MaxThreadsPerBlock, P.MaxThreadsPerSM);
    EXPECT_LE(P.SharedPerBlock, P.SharedPerBlockOptIn);
    EXPECT_LE(P.SharedPerBlockOptIn + P.SharedReservedPerBlock, P.SharedPerSM);
    EXPECT_EQ(P.SharedPerSM % P.SharedAllocUnit, 0u);
    EXPECT_EQ(P.SharedReservedPerBlock % P.SharedAllocUnit, 0u);
    EXPECT_EQ(P.RegsPerSM % (P.RegBanks * P.RegAllocUnit), 0u);
    EXPECT_LE(P.RegsPerBlock, P.RegsPerSM);
    EXPECT_GT(P.MaxBlocksPerSM, 0u);
    EXPECT_EQ(P.WarpAllocGranularity, 1u);

    // One warp with nothing else reaches the block or warp limit.
    OccupancyResult R = computeOccupancy(P, P.WarpSize, 0, 0);
    unsigned Cap = P.SingleWarpBlocksUnlimited
                       ? P.MaxWarpsPerSM
                       : std::min(P.MaxBlocksPerSM, P.MaxWarpsPerSM);
    EXPECT_EQ(R.BlocksPerSM, Cap);
    EXPECT_LE(R.Occupancy, 1.0);
    // The largest block runs, as does a warp at the register maximum, as
    // does the largest opt-in shared block -- and one byte more does not.
    EXPECT_GE(computeOccupancy(P, P.MaxThreadsPerBlock, 0, 0).BlocksPerSM, 1u);
    EXPECT_GE(
        computeOccupancy(P, P.WarpSize, P.MaxRegsPerThread, 0).BlocksPerSM, 1u);
    EXPECT_EQ(
        computeOccupancy(P, P.WarpSize, P.MaxRegsPerThread + 1, 0).BlocksPerSM,
        0u);
    EXPECT_GE(
        computeOccupancy(P, 64, 0, P.SharedPerBlockOptIn, true).BlocksPerSM,
        1u);
    EXPECT_EQ(
        computeOccupancy(P, 64, 0, P.SharedPerBlockOptIn + 1, true).BlocksPerSM,
        0u);
    EXPECT_EQ(computeOccupancy(P, 64, 0, P.SharedPerBlock + 1).BlocksPerSM, 0u);

    if (P.Vendor == GpuVendor::NVIDIA) {
      unsigned CC = P.ComputeCapability;
      EXPECT_EQ(std::string(P.Name), "sm_" + std::to_string(CC));
      EXPECT_EQ(findNvidiaGpu(CC / 10, CC % 10), &P);
      EXPECT_EQ(P.WarpSize, 32u);
      EXPECT_EQ(P.SharedReservedPerBlock, CC >= 80 ? 1024u : 0u);
      EXPECT_EQ(P.SharedAllocUnit, CC >= 80 ? 128u : 256u);
      EXPECT_EQ(P.RegsPerSM, 65536u);
      EXPECT_EQ(P.MaxRegsPerThread, 255u);
    } else {
      EXPECT_EQ(P.ComputeCapability, 0u);
    }
    if (P.Vendor == GpuVendor::AMD) {
      EXPECT_EQ(P.RegsPerBlock, P.RegsPerSM);
    }
  }
}

TEST(GpuTable, CoversTheDocumentedTargets) {
  for (const char *N :
       {"sm_50",  "sm_52",  "sm_53",  "sm_60",   "sm_61",   "sm_62",
        "sm_70",  "sm_72",  "sm_75",  "sm_80",   "sm_86",   "sm_87",
        "sm_89",  "sm_90",  "sm_100", "sm_120",  "gfx900",  "gfx906",
        "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100", "generic"})
    EXPECT_NE(findGpu(N), nullptr) << N;
  EXPECT_EQ(gpu("gfx942").WarpSize, 64u);
  EXPECT_EQ(gpu("gfx1030").WarpSize, 32u);
  EXPECT_EQ(gpuNames().size(), allGpus().size());
  EXPECT_EQ(gpuNameList().rfind("sm_50, sm_52, ", 0), 0u);
}

TEST(GpuTable, Lookup) {
  EXPECT_EQ(findGpu("sm_99"), nullptr);
  EXPECT_EQ(findGpu(""), nullptr);
  EXPECT_EQ(findGpu("gfx9999"), nullptr);
  EXPECT_EQ(findGpu("SM_90"), nullptr);
  EXPECT_EQ(findGpu("sm_"), nullptr);
  EXPECT_FALSE(lookupGpu("nvidia").has_value());
  EXPECT_EQ(findNvidiaGpu(9, 9), nullptr);
  ASSERT_TRUE(lookupGpu("sm_86").has_value());
  EXPECT_EQ(lookupGpu("sm_86")->MaxWarpsPerSM, 48u);
  // Arch-specific and feature-suffixed names find their base entry.
  EXPECT_EQ(findGpu("sm_90a"), findGpu("sm_90"));
  EXPECT_EQ(findGpu("sm_100f"), findGpu("sm_100"));
  EXPECT_EQ(findGpu("gfx90a:sramecc+:xnack-"), findGpu("gfx90a"));
  EXPECT_EQ(findGpu("sm_90:x"), nullptr);
  EXPECT_EQ(findNvidiaGpu(12, 0), findGpu("sm_120"));
}

TEST(DeviceLimits, FromTheTable) {
  DeviceLimits G = genericOpenCLLimits();
  DeviceLimits T = deviceLimitsFor(gpu("generic"));
  EXPECT_EQ(T.LocalMemoryBytes, G.LocalMemoryBytes);
  EXPECT_EQ(T.MaxWorkGroupSize, G.MaxWorkGroupSize);
  EXPECT_EQ(deviceLimitsFor(gpu("sm_90")).LocalMemoryBytes, 49152u);
  EXPECT_EQ(deviceLimitsFor(gpu("gfx942")).LocalMemoryBytes, 65536u);
}
