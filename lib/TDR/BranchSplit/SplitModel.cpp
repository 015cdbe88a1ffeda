//===- SplitModel.cpp - Can splitting raise the occupancy at all? ---------===//
//
// Splitting pays through occupancy alone: a part whose path needs fewer
// registers than the kernel's heaviest runs more warps per SM (Carrillo,
// Siegel & Li: speedup = T / (sum of t_i / rho_i + overhead)).  Which part
// needs how many registers is known only after compilation, and the time of
// each path only at launch, so the decision is the host's measurement
// (runtime/cl times the plan against the kernel and keeps the faster).
// What is certain before that is where the formula has nothing to gain: a
// kernel that already runs at full occupancy on the --gpu given, with the
// --regs measured for it, or one whose occupancy a limit other than
// registers sets (every part keeps it).  Without --gpu and --regs nothing is
// guessed.
//
//===----------------------------------------------------------------------===//
#include "SplitPlan.h"
#include "tdrc/Occupancy/KernelUsage.h"
#include "tdrc/Occupancy/Occupancy.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/KernelOccupancy.h"
#include "tdrc/TDR/Transform.h"

using namespace clang;

namespace tdrc {

std::optional<std::string> whySplitCannotPay(KernelAnalyses &A,
                                             const TransformOptions &O,
                                             std::string &Note) {
  std::optional<KernelOccupancy> K = kernelOccupancy(A, O);
  if (!K) {
    Note = "the host measures whether the plan pays (give --gpu and the "
           "--regs measured for the kernel to have its occupancy checked)";
    return std::nullopt;
  }
  const OccupancyResult &Now = K->Now;
  const std::string &Budget = K->Budget;
  if (Now.BlocksPerSM == 0)
    return "the kernel cannot run as given (" + Budget + ")";
  // The parts' best case: a path that needs only what any kernel does.
  OccupancyResult Best = K->with(O, EstimateBaseRegisters);
  if (Best.BlocksPerSM <= Now.BlocksPerSM)
    return "no part can run more work-groups per SM than the kernel (" +
           Budget + "; limited by " + limitName(Now.Limiter) +
           ", which every part keeps)";
  Note = "below full occupancy (" + Budget + "; a light part may run up to " +
         std::to_string(Best.BlocksPerSM) +
         " work-groups per SM); the host measures whether the plan pays";
  return std::nullopt;
}

} // namespace tdrc
