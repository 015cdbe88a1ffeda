//===- GpuTable.h - Per-GPU occupancy parameters, by --gpu= name ----------===//
//
// The resources an SM (NVIDIA), a CU or WGP (AMD) shares between resident
// blocks, in the terms of the CUDA occupancy calculator, so that one formula
// (Occupancy.h) serves every vendor.  Plain C++17: no LLVM here.
//
// The AMD model maps a compute unit onto the CUDA terms:
//  - "SM" is what the waves of one workgroup must share: the CU (4 SIMDs) on
//    GCN/CDNA, the WGP (2 CUs, 4 SIMD32s, compiled in WGP mode) on RDNA.
//  - Each SIMD is a register bank ("sub-partition"): RegsPerSM is the VGPR
//    file of all SIMDs in 32-bit lanes, i.e. VGPRs per lane x wave size x
//    SIMDs, and RegAllocUnit is the VGPR granule x wave size, so "registers
//    per thread" means VGPRs per work-item.  SGPRs are not modelled.
//  - MaxBlocksPerSM is the workgroup-barrier limit (16 per CU, 32 per WGP);
//    single-wave workgroups take no barrier and are not bound by it.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_OCCUPANCY_GPUTABLE_H
#define TDRC_OCCUPANCY_GPUTABLE_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tdrc {

enum class GpuVendor { NVIDIA, AMD, Generic };

/// Whether registers are handed out per warp (every GPU since Fermi) or per
/// block (compute capability 1.x), in units of RegAllocUnit.
enum class RegAllocGranularity { Warp, Block };

struct GpuParams {
  const char *Name; // the --gpu= spelling: sm_90, gfx942, generic
  GpuVendor Vendor;
  const char *Description;    // a product, for messages
  unsigned ComputeCapability; // NVIDIA: 10 * major + minor; otherwise 0
  unsigned WarpSize;          // threads per warp / wavefront

  // Registers (32-bit): the file per SM, the most one block may hold, the
  // allocation unit and granularity, and the banks the file is split into
  // (a warp's registers live in one bank).
  unsigned RegsPerSM;
  unsigned RegsPerBlock;
  unsigned RegAllocUnit;
  RegAllocGranularity RegGranularity;
  unsigned RegBanks;
  /// Nonzero on sm_60: CUDA only lets a block run on GP100 (2 banks) if it
  /// would also run with this many banks (GP10x), for forward compatibility.
  unsigned RegCompatBanks;
  unsigned MaxRegsPerThread;

  unsigned WarpAllocGranularity; // a block's warps are rounded up to this

  // Shared memory (OpenCL local memory / AMD LDS), bytes.  SharedPerSM is
  // the largest carveout, which is what CUDA assumes when a kernel sets no
  // carveout preference.
  unsigned SharedPerSM;
  unsigned SharedPerBlock;      // without opt-in (OpenCL's local memory)
  unsigned SharedPerBlockOptIn; // opted in (CUDA dynamic shared memory)
  unsigned SharedAllocUnit;
  unsigned SharedReservedPerBlock; // the driver's own, 1 KiB from sm_80

  unsigned MaxThreadsPerBlock;
  unsigned MaxThreadsPerSM;
  unsigned MaxWarpsPerSM;
  unsigned MaxBlocksPerSM;
  /// AMD: a one-wave workgroup takes no barrier slot, so MaxBlocksPerSM
  /// does not bind it.
  bool SingleWarpBlocksUnlimited;
};

/// Every entry, in a stable order (NVIDIA by capability, AMD, generic).
const std::vector<GpuParams> &allGpus();

/// The names of allGpus(), for --help and error messages.
std::vector<std::string> gpuNames();

/// gpuNames() joined with ", ".
std::string gpuNameList();

/// The entry for a --gpu= name, or nullptr.  Besides the exact names this
/// accepts NVIDIA arch-specific variants (sm_90a, sm_100f) and AMD target
/// features (gfx90a:xnack+), which do not change occupancy.
const GpuParams *findGpu(std::string_view Name);

/// findGpu() by value.
std::optional<GpuParams> lookupGpu(std::string_view Name);

/// The NVIDIA entry for a compute capability, or nullptr.
const GpuParams *findNvidiaGpu(unsigned Major, unsigned Minor);

} // namespace tdrc

#endif
