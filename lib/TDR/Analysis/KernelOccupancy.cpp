//===- KernelOccupancy.cpp - The kernel's occupancy from --gpu and --regs -===//
#include "tdrc/TDR/KernelOccupancy.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/Transform.h"

namespace tdrc {

OccupancyResult KernelOccupancy::with(const TransformOptions &O,
                                      unsigned Regs) const {
  return computeOccupancy(*O.Gpu, WorkGroup, Regs, O.KernelSmem);
}

std::optional<KernelOccupancy> kernelOccupancy(KernelAnalyses &A,
                                               const TransformOptions &O) {
  if (!O.Gpu || !O.KernelRegs)
    return std::nullopt;
  KernelOccupancy K;
  K.WorkGroup = workGroupBound(A.Kernel, O.MaxWorkGroupSize).Size;
  K.Now = K.with(O, O.KernelRegs);
  K.Budget = "with " + std::to_string(O.KernelRegs) +
             " registers in work-groups of " + std::to_string(K.WorkGroup) +
             ", " + describeOccupancy(*O.Gpu, K.Now);
  return K;
}

} // namespace tdrc
