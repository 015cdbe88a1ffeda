//===- Kernel.h - Arguments, launches and the feedback loop ----------------===//
//
// A kernel whose last parameter is tdrc's `__global uint *tdr_feedback`
// (tdrc --feedback) gets that argument from here: before each launch a
// zeroed buffer of TDR_FEEDBACK_WORDS words, after it a blocking read of the
// counts, from which FeedbackModel picks DGI's N for the NEXT launch.  A
// different N means another build of the program (-DTDR_NEIGHBORS=N, built
// once per N) and another kernel object, which gets the arguments set so far.
// Other kernels launch asynchronously, as with clEnqueueNDRangeKernel.
//
// A kernel with a tdrc-variants descriptor (tdrc --keep-original) holds two
// kernel objects, the rewrite K and the original K_tdr_original, from the
// same build; arguments go to both (tdr_feedback to the rewrite only), and
// each launch runs one of them, as ChoicePolicy says; a launch it wants
// timed waits for the kernel (clFinish, or the event with a profiling queue).
//
// A kernel with the split transform's descriptors (tdrc-split,
// tdrc-split-lists) chooses the same way between its launch plan (the
// "rewritten" variant: the part kernels, SplitLaunch.h) and itself (the
// "original"), by measurement alone; a launch that binds one buffer to a
// parameter the parts read and one the kernel writes runs the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_KERNEL_H
#define TDRC_RUNTIME_KERNEL_H

#include "tdrc/runtime/ChoicePolicy.h"
#include "tdrc/runtime/FeedbackModel.h"
#include "tdrc/runtime/Program.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tdrc::rt {

class Kernel {
public:
  /// Use Program::kernel.  Throws ClError for an unknown name.
  Kernel(std::shared_ptr<Program::State> P, const std::string &Name);

  const std::string &name() const;
  /// The caller's parameters (tdr_feedback is not counted).
  cl_uint numArgs() const;
  bool hasFeedback() const;

  /// clSetKernelArg, remembered for the builds the feedback loop switches
  /// to (a cl_mem is remembered as the handle: keep the buffer alive).
  void setArg(cl_uint Index, size_t Size, const void *Value);
  template <typename T> void setArg(cl_uint Index, const T &Value) {
    setArg(Index, sizeof(T), &Value);
  }
  void setArg(cl_uint Index, const Buffer &B) {
    cl_mem M = B.get();
    setArg(Index, sizeof M, &M);
  }
  void setLocalArg(cl_uint Index, size_t Bytes) { setArg(Index, Bytes, nullptr); }

  /// Enqueues on the context's queue (Local empty: the implementation picks).
  /// With feedback on this waits for the kernel and reads its report.  With
  /// a choice, it enqueues the variant the policy picks (one per launch).
  /// Event: when given, the launch's event (the caller releases it), for
  /// the caller's own profiling.
  void launch(const std::vector<size_t> &Global,
              const std::vector<size_t> &Local = {},
              cl_event *Event = nullptr);

  /// Off: tdr_feedback is NULL (the kernel writes nothing) and N stays.
  void setFeedback(bool On);
  void setCostModel(const CostModel &M);
  /// The N requested for the next launch; 0: the program's default build.
  unsigned neighbors() const;
  /// N as the kernel reported it, one entry per feedback launch.
  const std::vector<unsigned> &neighborsUsed() const;
  /// The rounds of the last feedback launch (empty before one).
  const std::vector<RoundFeedback> &lastFeedback() const;
  /// The kernel object the next launch uses (with a choice: the rewrite's).
  cl_kernel get() const;

  /// Whether the kernel chooses between its rewrite and its original.
  bool hasChoice() const;
  /// The policy (nullptr without a choice).
  const ChoicePolicy *choice() const;
  /// The original's kernel object for the next launch (nullptr without a
  /// choice).
  cl_kernel getOriginal() const;
  /// The variant the last launch ran (nullopt without a choice or launch).
  std::optional<Variant> lastVariant() const;
  /// Launches of V so far (0 without a choice).
  unsigned launches(Variant V) const;

  struct State;

private:
  std::shared_ptr<State> S;
};

/// Waits for E, a launch on a profiling queue, and returns the kernel's
/// time in milliseconds (its profiling start to end); E stays the caller's.
double eventMillis(cl_event E);

} // namespace tdrc::rt

#endif
