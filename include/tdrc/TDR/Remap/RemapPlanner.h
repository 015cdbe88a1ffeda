//===- RemapPlanner.h - Decide which branches of a kernel to remap ---------===//
#ifndef TDRC_TDR_REMAPPLANNER_H
#define TDRC_TDR_REMAPPLANNER_H

#include "tdrc/TDR/Directives.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/Remap/RemapPlan.h"
#include "tdrc/Occupancy/GpuTable.h"
#include "clang/AST/ASTContext.h"
#include <string>

namespace tdrc {

class StatementClaims;
struct CostProfile;

struct PlannerOptions {
  unsigned MaxWorkGroupSize = 256; // used when reqd_work_group_size is absent
  unsigned LocalMemoryBytes = 32768; // OpenCL's guaranteed minimum
  /// Auto: the cheapest by the profitability model's costs (two paths:
  /// Head-or-Tail, more: DGI; CUDA: their warp-level versions).
  std::optional<tdrc::Algorithm> Algorithm; // --algorithm; none: auto
  unsigned Neighbors = 16; // DGI's neighbouring factor N
  /// --feedback: the default of TDR_NEIGHBORS (0: no feedback).  Rounds are
  /// still planned and sized with Neighbors, the smallest N then allowed.
  unsigned FeedbackNeighbors = 0;
  /// The occupancy budget: with a GPU model the rewrite may not lower the
  /// kernel's blocks per SM; without one only LocalMemoryBytes binds.
  const GpuParams *Gpu = nullptr;
  unsigned KernelRegs = 0; // registers per work-item of the original (0: estimate)
  unsigned KernelSmem = 0; // its local memory per work-group, all of it
  std::string UsageSource = "given"; // where KernelRegs comes from
  /// `#pragma tdr` lines of the file, attached by the front end (may be null).
  const TdrDirectives *Directives = nullptr;
  /// --cost-profile: the model's constants measured on the user's device
  /// (null: the compiled-in ones).
  const CostProfile *Costs = nullptr;
  /// Keep rounds the profitability model says do not pay (--force).
  bool Force = false;
  /// A round may sit before the loops its branch's conditions do not
  /// change in (--hoist-rounds; InvariantHoist.cpp).
  bool HoistRounds = true;
  /// Statements other transforms edit: left alone (may be null).
  const StatementClaims *Claims = nullptr;
};

/// Analyses one kernel and returns what to do with each of its branches.
KernelPlan planKernel(KernelAnalyses &A, const PlannerOptions &Opts);
/// The same with analyses of its own (unit tests).
KernelPlan planKernel(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                      const PlannerOptions &Opts);

} // namespace tdrc

#endif
