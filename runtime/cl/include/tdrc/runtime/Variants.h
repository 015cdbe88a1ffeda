//===- Variants.h - tdrc --keep-original's descriptors ---------------------===//
//
// With `tdrc --keep-original` the output keeps, beside each rewritten kernel
// K, the untouched original as another kernel, and says so on a line of its
// own right before K:
//
//   /* tdrc-variants: kernel=K original=K_tdr_original maxwg=256 when=(len) >= 24 */
//
// `when=` (up to the closing ` */`) is the condition under which the rewrite
// is expected to pay, at work-groups of at most `maxwg` work-items: `1`, or
// a C expression over K's scalar parameters (WhenExpr).  Built with
// -DTDR_HOST_CHOOSES, K carries no fallback copy of the original code: the
// host chooses between K and the original (ChoicePolicy).  CUDA compiled
// without a host pass (tdrc --device-only, for NVRTC) also lists K's scalar
// parameters, which the host cannot ask the driver for, before when=:
//
//   scalars=n:3:int,len:4:uint       (name:index:OpenCL C type name)
//
// No OpenCL here.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_VARIANTS_H
#define TDRC_RUNTIME_VARIANTS_H

#include "tdrc/runtime/WhenExpr.h"
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tdrc::rt {

struct VariantDescriptor {
  std::string Kernel, Original; // K, K_tdr_original
  unsigned MaxWg = 0;
  /// margin=: how much faster the rewrite must be to be kept (absent: the
  /// policy's default, 1%).
  double Margin = -1;
  std::string When;             // the text after `when=`
  /// measured=1: no model; only a measurement picks the rewrite (`when`
  /// is then not read: the model says "measure").
  bool MeasuredOnly = false;
  struct Scalar {
    std::string Name, Type; // Type: an OpenCL C scalar type name
    unsigned Index = 0;     // the parameter's position
  };
  /// scalars= (CUDA --device-only); HasScalars false where it is absent.
  std::vector<Scalar> Scalars;
  bool HasScalars = false;
};

/// Every descriptor in Source, by kernel name.  Throws Error for a
/// `tdrc-variants` line without kernel=, original=, maxwg= or when=, or a
/// kernel described twice.
std::map<std::string, VariantDescriptor>
parseVariantDescriptors(std::string_view Source);

/// The value of a kernel argument of OpenCL C scalar type TypeName (as
/// CL_KERNEL_ARG_TYPE_NAME gives it: int, uint, unsigned int, long, ulong,
/// short, ushort, char, uchar, float, double, ...) from its Size bytes;
/// nullopt for another type or a size that does not match.
/// The size of OpenCL C scalar type TypeName (below); 0 for another type.
size_t scalarTypeSize(std::string_view TypeName);

std::optional<WhenValue> decodeScalarArg(std::string_view TypeName,
                                         const void *Bytes, size_t Size);

} // namespace tdrc::rt

#endif
