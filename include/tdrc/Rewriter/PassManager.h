//===- PassManager.h - Run the enabled transforms over one kernel ---------===//
//
// Per kernel: the shared analyses once (KernelAnalyses), a plan from every
// enabled transform that supports the language, statements wanted by two
// plans settled from their estimates (the smaller gain releases them, or is
// dropped), then every surviving plan's edits into the file's one EditList.
// The outcome carries --explain's entries of all plans, sorted by location.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_PASSMANAGER_H
#define TDRC_REWRITER_PASSMANAGER_H

#include "tdrc/TDR/Transform.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

struct KernelOutcome {
  const clang::FunctionDecl *Kernel = nullptr;
  std::string Summary;  // --explain's kernel line after "kernel 'NAME': "
  bool Emitted = true;  // every plan's edits were placed
  std::vector<Explanation> Entries; // sorted by location
  std::vector<std::string> Changed; // the transforms that changed it
  unsigned AddedKernels = 0; // kernels the plans added after it
  /// Kernels the host may launch instead of it (KernelSequence), if any.
  std::optional<KernelSequence> Sequence;
  unsigned ChangedStatements = 0;
  unsigned LocalBytes = 0;
  /// When the changed kernel can pay (the plans' conditions, or'ed): for the
  /// launch-time choice of --keep-original.
  LaunchCondition Launch;
  /// What --keep-original kept (for --explain=json); unset where nothing was.
  struct KeptOriginal {
    std::string Name;     // K_tdr_original
    std::string Launcher; // CUDA: K_tdr_launch, or empty
    unsigned Launches = 0; // the launch sites that call the launcher
  };
  std::optional<KeptOriginal> Kept;
};

class PassManager {
public:
  /// The transforms SPEC selects (see selectTransforms); an error for a
  /// glob that names none.
  static llvm::Expected<PassManager> create(llvm::StringRef Spec,
                                            const TransformOptions &Opts);

  KernelOutcome run(clang::ASTContext &Ctx, const clang::FunctionDecl *K,
                    const Dialect &D, EditList &Edits);

private:
  PassManager(std::vector<std::unique_ptr<Transform>> T,
              const TransformOptions &Opts)
      : Transforms(std::move(T)), Opts(Opts) {}
  struct Planned {
    Transform *T;
    std::unique_ptr<TransformPlan> Plan;
  };
  /// Statements two plans want go to the larger estimated gain.
  void settleClaims(std::vector<Planned> &Plans, KernelAnalyses &A,
                    std::vector<Explanation> &Notes);

  std::vector<std::unique_ptr<Transform>> Transforms;
  const TransformOptions &Opts;
};

} // namespace tdrc

#endif
