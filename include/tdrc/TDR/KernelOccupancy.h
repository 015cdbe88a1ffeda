//===- KernelOccupancy.h - The kernel's occupancy from --gpu and --regs ---===//
//
// Transforms that pay through registers (branch and loop splitting) screen
// their plans with the occupancy the kernel has as measured: the GPU given
// with --gpu, the registers with --regs (tdrc-usage), its work-group bound.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_KERNELOCCUPANCY_H
#define TDRC_TDR_KERNELOCCUPANCY_H

#include "tdrc/Occupancy/Occupancy.h"
#include <optional>
#include <string>

namespace tdrc {

class KernelAnalyses;
struct TransformOptions;

struct KernelOccupancy {
  unsigned WorkGroup = 0;
  OccupancyResult Now;
  /// "with R registers in work-groups of W, <the occupancy described>".
  std::string Budget;
  /// The occupancy with Regs registers instead (the rest as measured).
  OccupancyResult with(const TransformOptions &O, unsigned Regs) const;
};

/// Nothing without --gpu and --regs (nothing is guessed).
std::optional<KernelOccupancy> kernelOccupancy(KernelAnalyses &A,
                                               const TransformOptions &O);

} // namespace tdrc

#endif
