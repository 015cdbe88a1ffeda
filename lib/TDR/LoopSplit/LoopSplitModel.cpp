//===- LoopSplitModel.cpp - Can splitting a loop raise the occupancy? -----===//
//
// A split loop pays through registers alone: each loop keeps only its own
// group's state live, and the results of the groups before it where they
// are used before it (LoopConsumers.cpp), so the kernel's peak may fall
// ("at least 2 registers ... an increase in occupancy of up to 33%",
// Carrillo, Siegel & Li).  The saving is estimated in words of state (the
// variables declared before the loop that the groups write); the true
// count is known only after compilation, so the host measures the rewrite
// against the original (--keep-original).  What is certain before is where
// nothing can be gained: with --gpu and the --regs measured for the
// kernel, a kernel whose work-groups per SM would not rise even with that
// many fewer registers (full occupancy, or shared memory, warps or the
// block limit bind).  Without --gpu and --regs nothing is guessed.
//
//===----------------------------------------------------------------------===//
#include "LoopSplitPlan.h"
#include "tdrc/Occupancy/KernelUsage.h"
#include "tdrc/Occupancy/Occupancy.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/KernelOccupancy.h"
#include "tdrc/TDR/Transform.h"
#include <algorithm>
#include <numeric>

using namespace clang;

namespace tdrc {

std::optional<std::string> whyLoopSplitCannotPay(KernelAnalyses &A,
                                                 const TransformOptions &O,
                                                 const SplitLoop &L,
                                                 std::string &Note) {
  unsigned Total = std::accumulate(L.CarriedWords.begin(),
                                   L.CarriedWords.end(), 0u);
  unsigned Most = *std::max_element(L.PeakWords.begin(), L.PeakWords.end());
  std::string Carried = "at most " + std::to_string(Most) + " of its " +
                        std::to_string(Total) +
                        " words of state live in each loop";
  if (Total <= Most)
    return "no loop would keep less state live than the whole (" + Carried +
           ": a group's results are used after the last loop, or no group "
           "carries state of its own)";
  std::optional<KernelOccupancy> K = kernelOccupancy(A, O);
  if (!K) {
    Note = Carried + "; the host measures whether it pays (give --gpu and "
                     "the --regs measured for the kernel to have its "
                     "occupancy checked)";
    return std::nullopt;
  }
  const OccupancyResult &Now = K->Now;
  const std::string &Budget = K->Budget;
  if (Now.BlocksPerSM == 0)
    return "the kernel cannot run as given (" + Budget + ")";
  unsigned Saved = Total - Most;
  unsigned After = std::max(EstimateBaseRegisters,
                            O.KernelRegs > Saved ? O.KernelRegs - Saved : 0u);
  OccupancyResult Split = K->with(O, After);
  if (Split.BlocksPerSM <= Now.BlocksPerSM)
    return "the occupancy model sees no gain: " + Carried + ", about " +
           std::to_string(After) + " registers, still " +
           std::to_string(Now.BlocksPerSM) + " work-group(s) per SM (" +
           Budget + ")";
  Note = Carried + "; about " + std::to_string(After) +
         " registers would run " + std::to_string(Split.BlocksPerSM) +
         " work-groups per SM instead of " + std::to_string(Now.BlocksPerSM) +
         " (" + Budget + "); the host measures whether it pays";
  return std::nullopt;
}

} // namespace tdrc
