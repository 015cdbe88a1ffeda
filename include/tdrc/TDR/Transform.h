//===- Transform.h - The interface every tdrc transform implements --------===//
//
// tdrc is a pipeline of transforms, the way clang-tidy is a set of checks.
// For each kernel the pass manager (Rewriter/PassManager.h) computes the
// shared analyses once (KernelAnalyses), asks every enabled transform for a
// plan, settles statements that two plans want (StatementClaims, from their
// estimates), and lets the surviving plans add their edits to the one edit
// list of the file.  A transform:
//
//   - has a name (`--transforms=`, `#pragma tdr transforms(...)`, --explain)
//     and says which languages it supports;
//   - plans on the shared analyses without producing text (plan());
//   - states what its plan needs (local memory, registers) and what it
//     estimates it gains, for the occupancy budget and the choice between
//     transforms;
//   - reports its decisions as Explanation entries (text and JSON);
//   - emits edits only through emit().
//
// docs/design.md, "Adding a transform", walks through it with the remap
// transform (TDR/Remap/RemapTransform.h) as the example.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_TRANSFORM_H
#define TDRC_TDR_TRANSFORM_H

#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/PathCost.h"
#include "tdrc/TDR/Remap/Strategy.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

struct GpuParams;
struct TdrDirectives;
struct CostProfile;

enum class SourceLanguage { OpenCL, CUDA };

/// The options of one run, for every transform (each reads what it needs).
struct TransformOptions {
  unsigned MaxWorkGroupSize = 256;   // when reqd_work_group_size is absent
  unsigned LocalMemoryBytes = 32768; // local memory a kernel may use in all
  const GpuParams *Gpu = nullptr;    // --gpu: the occupancy budget's GPU
  unsigned KernelRegs = 0;           // --regs (0: estimate)
  unsigned KernelSmem = 0;           // --smem
  bool Force = false;                // --force: no profitability model
  const CostProfile *Costs = nullptr; // --cost-profile (null: compiled-in)
  const TdrDirectives *Directives = nullptr; // `#pragma tdr` of the file
  // remap
  std::optional<Algorithm> RemapAlgorithm; // --algorithm; none: auto
  unsigned Neighbors = 16;                 // DGI's neighbouring factor
  unsigned FeedbackNeighbors = 0;          // --feedback's default N (0: off)
  /// --keep-original: the host chooses between the rewrite and the original
  /// (a macro TDR_HOST_CHOOSES compiles in-kernel fallbacks out).
  bool KeepOriginal = false;
  /// --hoist-rounds: a round may sit before the loops its branch's
  /// conditions do not change in (InvariantHoist.cpp).
  bool HoistRounds = true;
  // meld: the similarity an if/else needs (DARM's 0.2; --meld-threshold)
  double MeldThreshold = 0.2;
  // meld: also branches whose paths share no load or store (--meld-arithmetic)
  bool MeldArithmetic = false;
  // loopsplit: the most loops one loop becomes (--loop-split-loops)
  unsigned LoopSplitLoops = 2;
};

/// When a plan's rewrite can pay, as far as the plan knows before launch: a
/// uniform C condition over the kernel's parameters (empty: whenever it runs
/// at all), and the largest work-group it remaps (larger ones run unchanged).
struct LaunchCondition {
  std::string When;
  unsigned MaxWorkGroupSize = 0;
  /// How much faster than the original the measured rewrite must be to be
  /// kept (a rewrite whose speed varies between launches asks for more).
  double Margin = DefaultChoiceMargin;
  static constexpr double DefaultChoiceMargin = 0.01;
  /// No model: only a measurement picks the rewrite (TDR_CHOOSE=model, a
  /// bucket past the table's end and a launch that cannot be timed take the
  /// original).  The descriptor says `measured=1`.
  bool MeasuredOnly = false;
};
/// MaxWorkGroupSize of a rewrite that handles any work-group (the largest
/// runtime/cl's descriptor accepts).
constexpr unsigned AnyWorkGroupSize = 1u << 20;

/// Kernels the host may run in place of the kernel, which stays as it was
/// (the split transform's plans): each launched in turn with the kernel's
/// configuration and arguments.
struct KernelSequence {
  std::vector<std::string> Parts; // one per path
  /// The plan over per-path lists, when emitted: List, then ListParts, each
  /// with one more argument, the lists buffer (Parts.size() counts, zero
  /// before List runs, then Parts.size() lists of one entry per work-item).
  std::string List;
  std::vector<std::string> ListParts;
  /// Parameters (by index) read before the branch, and written: the plan is
  /// wrong where one buffer is passed as both.
  std::vector<unsigned> Reads, Writes;
};

/// What a plan needs of the kernel's resources (the occupancy budget).
struct ResourceNeeds {
  unsigned LocalBytes = 0;      // local/shared memory added per work-group
  unsigned RegistersAfter = 0;  // estimated registers per work-item (0: same)
};

/// Statements claimed by transforms: two transforms never edit one
/// statement, nor one inside another's.
class StatementClaims {
public:
  explicit StatementClaims(const KernelAnalyses &A) : A(A) {}
  /// The transform that claimed S, a statement inside S or one around S;
  /// empty when none did.
  llvm::StringRef owner(const clang::Stmt *S) const;
  /// Records that Transform edits S.
  void claim(const clang::Stmt *S, llvm::StringRef Transform);
  /// Forgets every claim of Transform.
  void release(llvm::StringRef Transform);

private:
  const KernelAnalyses &A;
  std::vector<std::pair<const clang::Stmt *, std::string>> Claims;
};

/// Everything a transform may read while it plans one kernel.
struct KernelContext {
  clang::ASTContext &Ctx;
  KernelAnalyses &Analyses;
  const Dialect &Spelling;
  const TransformOptions &Options;
  /// Statements `#pragma tdr transforms(name)` reserves for a transform;
  /// what two plans both want is settled by the pass manager afterwards.
  const StatementClaims &Claims;
};

/// One transform's decision for one kernel.  No text until emit().
class TransformPlan {
public:
  virtual ~TransformPlan();
  /// The plan changes the kernel at all.
  virtual bool changesKernel() const = 0;
  /// How many kernels the plan adds after this one, which itself stays as
  /// it was (the split transform's parts).
  virtual unsigned addedKernels() const { return 0; }
  /// After a successful emit(): the added kernels the host may launch
  /// instead of this one, if any.
  virtual std::optional<KernelSequence> launchSequence() const {
    return std::nullopt;
  }
  /// The statements the plan edits, with the gain estimated for each (the
  /// pass manager gives a statement wanted by two plans to the larger gain).
  virtual std::vector<std::pair<const clang::Stmt *, double>> claims() const = 0;
  /// The gain of the claim on S as a function of the kernel's loop lengths,
  /// in weighted operations per work-item (PathCost's unit), where the
  /// plan's model gives one; what losing S costs the plan (all of it, for a
  /// plan that cannot release S).  Between two such claims the pass manager
  /// weighs these instead of claims()'s numbers.
  virtual std::optional<SymbolicCost> claimedGain(const clang::Stmt *S) const {
    return std::nullopt;
  }
  /// Gives up the edits of S (another plan won it); false when the plan
  /// cannot, and is then dropped as a whole.
  virtual bool release(const clang::Stmt *S) { return false; }
  virtual ResourceNeeds needs() const = 0;
  /// --explain's kernel line after "kernel 'NAME': ", before emission's
  /// verdict (Emitted false: "(left unchanged: Why)" follows).
  virtual std::string summary(bool Emitted) const = 0;
  /// The entries of --explain, in any order (the report sorts them).
  virtual std::vector<Explanation> explain() const = 0;
  /// Adds the plan's edits to Edits (main-file offsets).  On failure, Edits
  /// is left as it was and Why says where.
  virtual bool emit(EditList &Edits, std::string &Why) = 0;
  /// How many statements (branches) the plan changes, for the summary.
  virtual unsigned changedStatements() const = 0;
  /// For the launch-time choice between the rewrite and the original.
  virtual LaunchCondition launchCondition() const = 0;
};

class Transform {
public:
  virtual ~Transform();
  virtual llvm::StringRef name() const = 0;
  virtual bool supports(SourceLanguage L) const = 0;
  /// Plans one kernel; never touches statements K.Claims gives to another.
  virtual std::unique_ptr<TransformPlan> plan(KernelContext &K) = 0;
};

/// One row of the registry: the one table of transform names, used by the
/// options, the pragmas and --explain.
struct TransformInfo {
  const char *Name;
  const char *Summary; // one line, for --help and docs
  std::unique_ptr<Transform> (*Make)();
  bool Default; // enabled without --transforms
};
llvm::ArrayRef<TransformInfo> registeredTransforms();
const TransformInfo *findTransform(llvm::StringRef Name);

/// The transforms `--transforms=SPEC` enables, in registry order.  SPEC is
/// a comma-separated list of globs (`*` and `?`), applied left to right,
/// each enabling the transforms it matches, or disabling them with a
/// leading `-`; it starts from the default set (like clang-tidy's -checks).
/// A glob that matches no transform is an error.
llvm::Expected<std::vector<std::string>> selectTransforms(llvm::StringRef Spec);

} // namespace tdrc

#endif
