//===- KernelChoice.h - A kernel's choice between its two variants ---------===//
//
// Internal to Kernel: for a kernel with a tdrc-variants descriptor, the
// `when` condition bound to the kernel's parameters (by name, through
// OpenCL's argument info) and the bucket of each launch, for ChoicePolicy.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_KERNELCHOICE_H
#define TDRC_RUNTIME_KERNELCHOICE_H

#include "tdrc/runtime/ChoicePolicy.h"
#include "tdrc/runtime/Error.h"
#include "tdrc/runtime/Variants.h"
#include <optional>
#include <string>
#include <vector>

namespace tdrc::rt {

/// An argument as the caller set it.
struct SetArg {
  size_t Size = 0;
  std::vector<unsigned char> Bytes; // empty with a null value (local memory)
  bool Null = false;

  /// clSetKernelArg's Size and Value, copied.
  static SetArg of(size_t Size, const void *Value) {
    SetArg A;
    A.Size = Size;
    A.Null = !Value;
    if (Value)
      A.Bytes.assign(static_cast<const unsigned char *>(Value),
                     static_cast<const unsigned char *>(Value) + Size);
    return A;
  }
};
using SetArgs = std::vector<std::optional<SetArg>>;

class KernelChoice {
public:
  /// Rewritten: the rewrite's kernel object, whose first UserArgs
  /// parameters are the original's.  The policy's mode and log come from
  /// the environment (TDR_CHOOSE, TDR_LOG).
  KernelChoice(cl_kernel Rewritten, cl_uint UserArgs,
               const VariantDescriptor &D);

  const VariantDescriptor &descriptor() const { return Desc; }
  /// The condition, or nullopt where it is unknown: text WhenExpr does not
  /// parse, or a name that is none of the kernel's scalar parameters.
  const std::optional<WhenExpr> &when() const { return When; }
  /// Why the condition is unknown ("" when it is known).
  const std::string &whyUnknown() const { return Why; }

  /// The launch's bucket, and `when` evaluated on Args (nullopt: unknown).
  Bucket bucket(const std::vector<size_t> &Global,
                const std::vector<size_t> &Local, const SetArgs &Args,
                std::optional<bool> &WhenHolds) const;

  /// Whether argument Index keys a bucket (a change of it may change the
  /// bucket; other arguments never do).
  bool keys(cl_uint Index) const;

  ChoicePolicy Policy;

private:
  struct Scalar {
    std::string Name, Type;
    cl_uint Index;
  };
  VariantDescriptor Desc;
  std::optional<WhenExpr> When;
  std::string Why;
  std::vector<Scalar> Keyed; // the parameters whose values key a bucket
};

} // namespace tdrc::rt

#endif
