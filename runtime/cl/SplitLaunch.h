//===- SplitLaunch.h - A split kernel's plan, run in its place -------------===//
//
// Internal to Kernel: for a kernel with tdrc-split descriptors, the kernels
// of its plan (over per-path lists where tdrc emitted one, else one kernel
// per path) from the program's default build, the caller's arguments
// mirrored to them before each launch, and the lists buffer.  Kernel's
// choice treats the plan as the "rewritten" variant and K itself as the
// original, so the launch-time measurement keeps the plan only where it is
// faster.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_SPLITLAUNCH_H
#define TDRC_RUNTIME_SPLITLAUNCH_H

#include "KernelChoice.h"
#include "tdrc/runtime/Context.h"
#include "tdrc/runtime/SplitPlans.h"
#include <optional>
#include <string>
#include <vector>

namespace tdrc::rt {

class SplitLaunch {
public:
  /// The plan's kernels from Built; UserArgs: K's parameters.
  SplitLaunch(const Context &Ctx, cl_program Built, const SplitPlans &Plans,
              cl_uint UserArgs);
  ~SplitLaunch();
  SplitLaunch(const SplitLaunch &) = delete;
  SplitLaunch &operator=(const SplitLaunch &) = delete;

  const SplitDescriptor &descriptor() const { return Desc; }
  /// The plan over per-path lists (else one kernel per path).
  bool lists() const { return !Desc.List.empty(); }

  /// The caller's clSetKernelArg, applied to the plan's kernels before its
  /// next launch.
  void setArg(cl_uint Index, const SetArg &A);
  /// Why this launch must run K itself: one buffer bound to a parameter
  /// the parts read before the branch and to one K writes (a later part
  /// would read what an earlier one wrote); "" when the plan may run.
  std::string aliased(const SetArgs &Args) const;
  /// Enqueues the plan.  Timed: waits for it and returns its time in
  /// milliseconds (first kernel's start to last kernel's end with a
  /// profiling queue, else the host's around clFinish).  EventOut: the last
  /// kernel's event (the caller releases it).
  double launch(const std::vector<size_t> &Global,
                const std::vector<size_t> &Local, bool Timed, bool Profiling,
                cl_event *EventOut);

private:
  void enqueueAll(const std::vector<size_t> &Global,
                  const std::vector<size_t> &Local, cl_event *First,
                  cl_event *Last);

  Context Ctx;
  SplitDescriptor Desc;
  cl_uint UserArgs;
  cl_kernel List = nullptr;
  std::vector<cl_kernel> Parts;
  std::vector<std::optional<SetArg>> Pending; // not yet applied
  std::optional<Buffer> Lists;                // grown on demand
};

} // namespace tdrc::rt

#endif
