//===- Program.h - Loading and building tdrc's output ----------------------===//
//
// A program is tdrc's rewritten kernel source, from a file or from a string a
// build system embedded; with TDR_DISABLE=1 in the environment (any value
// but empty or "0") the ORIGINAL source is loaded instead: for a file
// X.tdr.cl the file X.cl in the same folder, for strings the original the
// caller passes.  It is built once with its default options and, for the
// feedback loop, once more per neighbouring factor asked for
// (-DTDR_NEIGHBORS=N), each build cached.  Output of `tdrc --keep-original`
// (tdrc-variants descriptors, Variants.h) is built with -DTDR_HOST_CHOOSES,
// and its kernels choose between the rewrite and the original per launch.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_PROGRAM_H
#define TDRC_RUNTIME_PROGRAM_H

#include "tdrc/runtime/Context.h"
#include <memory>
#include <string>
#include <string_view>

namespace tdrc::rt {

class Kernel;

class Program {
public:
  /// Reads and builds Path (normally tdrc's X.tdr.cl).  Options are appended
  /// to the runtime's own (see buildOptions).  Under TDR_DISABLE a file not
  /// named X.tdr.cl is loaded as it is, unless tdrc wrote it.  Throws Error
  /// when a file cannot be read or a disabled rewrite has no original to
  /// load; ClError (with the build log) when the build fails.
  static Program fromFile(const Context &C, const std::string &Path,
                          const std::string &Options = "");
  /// The same for text: Rewritten and Original as a build system embeds
  /// them (`tdrc_<name>_tdr_cl`, `tdrc_<name>_cl`); Name labels messages.
  static Program fromSource(const Context &C, std::string_view Rewritten,
                            std::string_view Original, const std::string &Name,
                            const std::string &Options = "");
  /// Whether TDR_DISABLE asks for the original kernels.
  static bool disabledByEnvironment();

  const std::string &source() const; // the text that was built
  const std::string &origin() const; // its file, or "<Name>.tdr.cl" / "<Name>.cl"
  bool isOriginal() const;           // TDR_DISABLE chose the original
  /// Whether the source has tdrc-variants descriptors (tdrc --keep-original).
  bool hasVariants() const;
  /// The options a build gets: -cl-std=CL1.2 unless the caller's options
  /// name a -cl-std (or the device's OpenCL C is older), -cl-kernel-arg-info
  /// (to find tdr_feedback), -DTDR_NEIGHBORS=N when N != 0,
  /// -DTDR_HOST_CHOOSES with tdrc-variants descriptors, then the caller's.
  std::string buildOptions(unsigned Neighbors = 0) const;
  /// The built program (Neighbors 0: the default build); cached.
  cl_program build(unsigned Neighbors = 0) const;
  /// A kernel of the program (throws ClError for an unknown name).
  Kernel kernel(const std::string &Name) const;
  const Context &context() const;

  struct State;

private:
  std::shared_ptr<State> S;
  explicit Program(std::shared_ptr<State> S) : S(std::move(S)) {}
};

} // namespace tdrc::rt

#endif
