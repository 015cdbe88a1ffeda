//===- GpuTable.cpp - The GPU parameter table -----------------------------===//
//
// NVIDIA values: the CUDA C++ Programming Guide's "Technical Specifications
// per Compute Capability" table (per-SM and per-block limits) and the CUDA
// occupancy calculator (cuda_occupancy.h: allocation units, register banks,
// reserved shared memory).  AMD values: the LLVM AMDGPU backend's occupancy
// model (AMDGPUBaseInfo: VGPR totals and granules, waves per SIMD, LDS size,
// barrier limit) and AMDGPUUsage (LDS allocated in 128-dword blocks).
//
//===----------------------------------------------------------------------===//
#include "tdrc/Occupancy/GpuTable.h"

namespace tdrc {

namespace {

constexpr unsigned K = 1024;

/// An NVIDIA SM.  What the calculator derives from the major version alone
/// is derived here: 64 K registers in 256-register units per warp, 48 KiB per
/// block without opt-in, and from sm_80 shared memory in 128-byte units with
/// 1 KiB reserved per block by the driver (256-byte units and none before).
GpuParams nvidia(const char *Name, unsigned CC, const char *Description,
                 unsigned RegsPerBlock, unsigned SharedPerSM,
                 unsigned SharedOptIn, unsigned MaxThreadsPerSM,
                 unsigned MaxBlocksPerSM) {
  GpuParams P{};
  P.Name = Name;
  P.Vendor = GpuVendor::NVIDIA;
  P.Description = Description;
  P.ComputeCapability = CC;
  P.WarpSize = 32;
  P.RegsPerSM = 64 * K;
  P.RegsPerBlock = RegsPerBlock;
  P.RegAllocUnit = 256;
  P.RegGranularity = RegAllocGranularity::Warp;
  // GP100 has two warp schedulers (register banks) per SM, the rest four.
  P.RegBanks = CC == 60 ? 2 : 4;
  P.RegCompatBanks = CC == 60 ? 4 : 0;
  P.MaxRegsPerThread = 255;
  P.WarpAllocGranularity = 1;
  P.SharedPerSM = SharedPerSM;
  P.SharedPerBlock = 48 * K;
  P.SharedPerBlockOptIn = SharedOptIn;
  P.SharedAllocUnit = CC >= 80 ? 128 : 256;
  P.SharedReservedPerBlock = CC >= 80 ? 1 * K : 0;
  P.MaxThreadsPerBlock = 1024;
  P.MaxThreadsPerSM = MaxThreadsPerSM;
  P.MaxWarpsPerSM = MaxThreadsPerSM / 32;
  P.MaxBlocksPerSM = MaxBlocksPerSM;
  P.SingleWarpBlocksUnlimited = false;
  return P;
}

/// An AMD CU (GCN/CDNA) or WGP (RDNA), in the terms of GpuTable.h.
/// VgprsPerLane is the VGPR file of one SIMD per lane, Granule the VGPR
/// allocation granule, MaxVgprs what one work-item may address.
GpuParams amd(const char *Name, const char *Description, unsigned WaveSize,
              unsigned VgprsPerLane, unsigned Granule, unsigned Simds,
              unsigned MaxWavesPerSimd, unsigned MaxVgprs, unsigned Lds,
              unsigned MaxWorkGroups) {
  GpuParams P{};
  P.Name = Name;
  P.Vendor = GpuVendor::AMD;
  P.Description = Description;
  P.ComputeCapability = 0;
  P.WarpSize = WaveSize;
  P.RegsPerSM = VgprsPerLane * WaveSize * Simds;
  // A workgroup may fill every SIMD; the per-bank check still applies.
  P.RegsPerBlock = P.RegsPerSM;
  P.RegAllocUnit = Granule * WaveSize;
  P.RegGranularity = RegAllocGranularity::Warp;
  P.RegBanks = Simds;
  P.RegCompatBanks = 0;
  P.MaxRegsPerThread = MaxVgprs;
  P.WarpAllocGranularity = 1;
  P.SharedPerSM = Lds;
  P.SharedPerBlock = 64 * K; // addressable LDS of one workgroup
  P.SharedPerBlockOptIn = 64 * K;
  P.SharedAllocUnit = 512; // 128 dwords on GFX7 to GFX11
  P.SharedReservedPerBlock = 0;
  P.MaxThreadsPerBlock = 1024;
  P.MaxWarpsPerSM = MaxWavesPerSimd * Simds;
  P.MaxThreadsPerSM = P.MaxWarpsPerSM * WaveSize;
  P.MaxBlocksPerSM = MaxWorkGroups;
  P.SingleWarpBlocksUnlimited = true;
  return P;
}

/// Nothing but what OpenCL 1.2 guarantees for local memory (32 KiB), with
/// small conservative resources elsewhere: any register count up to the
/// maximum fits a largest block, so the budget never promises too much.
GpuParams generic() {
  GpuParams P{};
  P.Name = "generic";
  P.Vendor = GpuVendor::Generic;
  P.Description = "generic OpenCL 1.2 device (conservative)";
  P.ComputeCapability = 0;
  P.WarpSize = 32;
  P.RegsPerSM = 32 * K;
  P.RegsPerBlock = 32 * K;
  P.RegAllocUnit = 256;
  P.RegGranularity = RegAllocGranularity::Warp;
  P.RegBanks = 1;
  P.RegCompatBanks = 0;
  P.MaxRegsPerThread = 128;
  P.WarpAllocGranularity = 1;
  P.SharedPerSM = 32 * K;
  P.SharedPerBlock = 32 * K;
  P.SharedPerBlockOptIn = 32 * K;
  P.SharedAllocUnit = 256;
  P.SharedReservedPerBlock = 0;
  P.MaxThreadsPerBlock = 256; // tdrc's default work-group bound
  P.MaxThreadsPerSM = 1024;
  P.MaxWarpsPerSM = 32;
  P.MaxBlocksPerSM = 8;
  P.SingleWarpBlocksUnlimited = false;
  return P;
}

} // namespace

const std::vector<GpuParams> &allGpus() {
  static const std::vector<GpuParams> Table = {
      // name, CC, product, regs/block, smem/SM, smem/block opt-in,
      // threads/SM, blocks/SM
      nvidia("sm_50", 50, "Maxwell GM107", 64 * K, 64 * K, 48 * K, 2048, 32),
      nvidia("sm_52", 52, "Maxwell GM20x", 64 * K, 96 * K, 48 * K, 2048, 32),
      nvidia("sm_53", 53, "Tegra X1", 32 * K, 64 * K, 48 * K, 2048, 32),
      nvidia("sm_60", 60, "Pascal GP100", 64 * K, 64 * K, 48 * K, 2048, 32),
      nvidia("sm_61", 61, "Pascal GP10x", 64 * K, 96 * K, 48 * K, 2048, 32),
      nvidia("sm_62", 62, "Tegra X2", 32 * K, 64 * K, 48 * K, 2048, 32),
      nvidia("sm_70", 70, "Volta V100", 64 * K, 96 * K, 96 * K, 2048, 32),
      nvidia("sm_72", 72, "Xavier", 64 * K, 96 * K, 96 * K, 2048, 32),
      nvidia("sm_75", 75, "Turing", 64 * K, 64 * K, 64 * K, 1024, 16),
      nvidia("sm_80", 80, "Ampere A100", 64 * K, 164 * K, 163 * K, 2048, 32),
      nvidia("sm_86", 86, "Ampere GA10x", 64 * K, 100 * K, 99 * K, 1536, 16),
      nvidia("sm_87", 87, "Orin", 64 * K, 164 * K, 163 * K, 1536, 16),
      nvidia("sm_89", 89, "Ada", 64 * K, 100 * K, 99 * K, 1536, 24),
      nvidia("sm_90", 90, "Hopper H100", 64 * K, 228 * K, 227 * K, 2048, 32),
      nvidia("sm_100", 100, "B200", 64 * K, 228 * K, 227 * K, 2048, 32),
      nvidia("sm_120", 120, "RTX 50x0", 64 * K, 100 * K, 99 * K, 1536, 24),
      // name, product, wave, VGPRs/lane/SIMD, granule, SIMDs, waves/SIMD,
      // VGPRs/work-item, LDS, workgroups (barriers)
      amd("gfx900", "Vega 10", 64, 256, 4, 4, 10, 256, 64 * K, 16),
      amd("gfx906", "Vega 20, MI50/60", 64, 256, 4, 4, 10, 256, 64 * K, 16),
      // AGPRs are a second file of the same size; occupancy follows the
      // larger of the two counts.
      amd("gfx908", "CDNA MI100", 64, 256, 4, 4, 10, 256, 64 * K, 16),
      // Unified VGPR+AGPR file.
      amd("gfx90a", "CDNA2 MI200", 64, 512, 8, 4, 8, 512, 64 * K, 16),
      amd("gfx942", "CDNA3 MI300", 64, 512, 8, 4, 8, 512, 64 * K, 16),
      // WGP mode: both CUs' LDS (128 KiB) and four SIMD32s per workgroup.
      amd("gfx1030", "RDNA2 Navi 21", 32, 1024, 16, 4, 16, 256, 128 * K, 32),
      amd("gfx1100", "RDNA3 Navi 31", 32, 1536, 24, 4, 16, 256, 128 * K, 32),
      generic(),
  };
  return Table;
}

std::vector<std::string> gpuNames() {
  std::vector<std::string> Names;
  for (const GpuParams &P : allGpus())
    Names.push_back(P.Name);
  return Names;
}

std::string gpuNameList() {
  std::string S;
  for (const GpuParams &P : allGpus())
    S += (S.empty() ? "" : ", ") + std::string(P.Name);
  return S;
}

static const GpuParams *findExact(std::string_view Name) {
  for (const GpuParams &P : allGpus())
    if (Name == P.Name)
      return &P;
  return nullptr;
}

const GpuParams *findGpu(std::string_view Name) {
  if (const GpuParams *P = findExact(Name))
    return P;
  // gfx90a:sramecc+:xnack- -- target features do not change occupancy.
  if (size_t Colon = Name.find(':'); Colon != std::string_view::npos)
    return Name.substr(0, 3) == "gfx" ? findExact(Name.substr(0, Colon))
                                      : nullptr;
  // sm_90a, sm_100f -- arch- and family-specific code, same SM.
  if (Name.size() > 4 && Name.substr(0, 3) == "sm_" &&
      (Name.back() == 'a' || Name.back() == 'f'))
    return findExact(Name.substr(0, Name.size() - 1));
  return nullptr;
}

std::optional<GpuParams> lookupGpu(std::string_view Name) {
  if (const GpuParams *P = findGpu(Name))
    return *P;
  return std::nullopt;
}

const GpuParams *findNvidiaGpu(unsigned Major, unsigned Minor) {
  for (const GpuParams &P : allGpus())
    if (P.Vendor == GpuVendor::NVIDIA &&
        P.ComputeCapability == 10 * Major + Minor)
      return &P;
  return nullptr;
}

} // namespace tdrc
