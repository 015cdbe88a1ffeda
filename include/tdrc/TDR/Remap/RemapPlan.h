//===- RemapPlan.h - What tdrc decided to do with one kernel ---------------===//
//
// The analysis (RemapPlanner) produces a KernelPlan; the emitter
// (Remap/RemapEmitter) turns it into source edits.  Nothing in here
// refers to text: it is the decision, not its spelling.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_REMAPPLAN_H
#define TDRC_TDR_REMAPPLAN_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/PathCost.h"
#include "tdrc/TDR/Remap/Strategy.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

/// A group of local-memory slots of one element type, shared by all rounds.
struct MigrationPool {
  clang::QualType Type; // element type, unqualified (private)
  std::string Name;     // e.g. tdr_mig_float
  unsigned Slots = 0;   // max over rounds of the slots this type needs
  unsigned ElementBytes = 0;
};

/// How one variable that is live at a remap point gets to its new work-item.
struct LiveVar {
  const clang::VarDecl *Var = nullptr; // null for tdrc's own tdr_key
  /// One field of Var, a struct that moves field by field (the budget's
  /// step, StructFields.cpp): ".h" or ".ctx.len"; empty for Var whole.
  std::string Field;
  clang::QualType FieldType; // the field's type (Field only)
  std::string name() const {
    return (Var ? Var->getNameAsString() : "tdr_key") + Field;
  }
  /// The type of what moves: Var's, or its field's.
  clang::QualType type() const {
    return Field.empty() && Var ? Var->getType() : FieldType;
  }
  enum Kind { Migrate, Recompute } How = Migrate;
  unsigned Pool = 0;      // MigrationPool index (Migrate)
  unsigned FirstSlot = 0; // first slot in the pool (Migrate)
  unsigned Elements = 1;  // >1 for private arrays
  /// Declared inside the round's active region: only active work-items hold
  /// a value.  Everything else moves for every work-item, since code after
  /// a bounds guard runs for all of them with their new logical IDs.
  bool ActiveOnly = false;
  /// Set only by a later condition of the round's else-if chain, which the
  /// work-items taking an earlier path never evaluate: saved by those on
  /// paths FromPath and after (0: by every work-item).
  unsigned FromPath = 0;
};

/// Where the threads that reach a branch come from.
enum class RegionKind {
  AllThreads,  // every work-item of the group reaches the branch
  Guard,       // the branch sits directly in `if (bounds) { ... }`
  EarlyReturn, // the branch follows `if (cond) return;` at kernel level
};

/// An active-predicate region: a compound statement whose statements run only
/// for active work-items, split at remap points so every work-item reaches
/// the remap itself.
struct ActiveRegion {
  RegionKind Kind = RegionKind::Guard;
  const clang::IfStmt *Guard = nullptr;          // Guard kind
  const clang::CompoundStmt *Body = nullptr;     // guard body or kernel body
  std::vector<const clang::IfStmt *> EarlyReturns; // converted, in order
  std::vector<const clang::DeclStmt *> Hoisted;  // declarations moved up
  /// Local/shared memory declared inside the region (hashcat's `__local
  /// pw_t s_pws[64];` after `if (gid >= n) return;`): OpenCL wants it at
  /// kernel scope, so it moves, as written, to the kernel body's start.
  std::vector<const clang::DeclStmt *> MovedToTop;
  const clang::Stmt *Start = nullptr; // EarlyReturn kind: first converted one
  /// Uniform ifs and loops between Body and a round's branch, which every
  /// work-item runs: the segments are cut around them (UniformNest.cpp).
  std::vector<const clang::Stmt *> Nest;
};
/// The braced bodies of a Nest statement (an if's arms, a loop's body),
/// where the segments reopen (UniformNest.cpp).
std::vector<const clang::CompoundStmt *> nestArms(const clang::Stmt *N);

/// A Ballot round's group: one warp.
constexpr unsigned WarpSize = 32;

struct KernelPlan;
/// Some round is DGI: its ranks read every work-item's path from tdr_path_in
/// (the Ballot partition gets them from ballots).
bool needsPathIn(const KernelPlan &P);

/// A branch whose condition a round evaluates before its remap.  Member 0 is
/// the round's head (the round sits right before it); a later sibling of the
/// head whose condition can be evaluated there joins as a new digit of the
/// path vector (one fragment, one round); a branch that opens a path of
/// another member joins inside that member's digit (nesting).  The work-item's
/// combined path is a mixed-radix number, one digit per top-level member; a
/// digit counts the leaves of its member's tree, so each path of each member
/// is a contiguous range of digit values.
struct PathMember {
  /// An IfStmt (plain, or the head of an else-if chain) or a SwitchStmt.
  const clang::Stmt *Branch = nullptr;
  /// For an if: the chain's ifs (Chain[0] == Branch); path i is "Chain[i]
  /// taken", the last path "none taken".  Empty for a switch.
  std::vector<const clang::IfStmt *> Chain;
  unsigned Paths = 2;  // own paths
  int Parent = -1;     // the member one of whose paths this one opens
  unsigned ParentPath = 0;
  // Set by layoutPaths():
  unsigned Digit = 0;
  std::vector<unsigned> PathLo, PathLeaves; // digit values of each own path
};

/// One remap round, placed immediately before Branch (or before BeforeLoop).
/// A statement a round is cut out of (RemapRound::Cuts).
struct NestCut {
  const clang::Stmt *S = nullptr; // a uniform IfStmt or a bare block
  bool Else = false;              // the round is in the if's else arm
  std::string Flag;               // the if's arm flag ("" for a block)
};

struct RemapRound {
  unsigned Index = 0; // 1-based, in source order
  /// The branch: an IfStmt (two paths, or the head of an else-if chain) or a
  /// SwitchStmt.
  const clang::Stmt *Branch = nullptr;
  /// A uniform loop around Branch in which its conditions cannot change
  /// (InvariantHoist.cpp): the round sits before the loop and regroups once
  /// instead of at every iteration, and the branch keeps its conditions.
  /// Null: the round sits before Branch.
  const clang::Stmt *BeforeLoop = nullptr;
  /// The statement the round's code is placed before.
  const clang::Stmt *at() const { return BeforeLoop ? BeforeLoop : Branch; }
  /// For an else-if chain, the ifs whose conditions select the paths, in
  /// order (Chain[0] == Branch); path i is "Chain[i] taken", the last path is
  /// "none taken".  Empty for a plain if and for a switch.
  std::vector<const clang::IfStmt *> Chain;
  unsigned Paths = 2; // combined: the product of Radix
  std::vector<PathMember> Members; // Members[0] is Branch
  std::vector<unsigned> Radix;     // digit values per digit (top-level member)
  Algorithm Algo = Algorithm::HeadOrTail;
  unsigned Neighbors = 16; // DGI's neighbouring factor N
  int Region = -1; // index into KernelPlan::Regions, -1 = AllThreads
  std::vector<LiveVar> Live;
  unsigned LocalBytes = 0; // local memory this round needs
  /// Global writes may precede the remap (in source order or through an
  /// enclosing loop), so the barrier that hands state over fences global
  /// memory too.
  bool GlobalFence = false;
  /// The profitability model's run-time condition (uniform C text over
  /// kernel arguments); empty when the round always runs.
  std::string PaysIf;
  /// The model's net gain less the round's cost, in weighted operations per
  /// work-item (its constant part; 0 under --force): how the pass manager
  /// weighs this round against another transform's plan for its branches.
  double EstimatedGain = 0;
  /// The same with every loop length's term: set when the model judged the
  /// round (not under --force, nor kept by `#pragma tdr target` alone).
  std::optional<SymbolicCost> Gain;
  /// The uniform ifs of its region's nest that hold the round with no loop
  /// between, and the bare blocks among them, innermost first: each is
  /// closed before the round and reopened after it, so that the barriers
  /// stand outside every if (PoCL 3.1 miscompiles them inside one after
  /// work-items went inactive).  The round runs only where every if took
  /// the arm that holds it (UniformNest.cpp).
  std::vector<NestCut> Cuts;
  /// The conditions of those ifs that hold at launch (over parameters the
  /// kernel never writes), each negated for an else arm, joined by &&; also
  /// part of PaysIf.
  std::string LaunchIf;
};

/// A work-item ID the kernel reads and remapping redirects: get_local_id(D)
/// or get_global_id(D) in OpenCL, threadIdx.x/.y/.z in CUDA.
struct IdRef {
  const clang::Expr *E = nullptr;
  bool Global = false;
  unsigned Dim = 0;
  /// The flat local ID (CUDA cooperative groups' `block.thread_rank()`):
  /// redirected to the logical flat ID, tdr_lid.
  bool Flat = false;
  /// The 3-D local ID as one dim3 (`block.thread_index()`): redirected to
  /// the logical IDs of the three dimensions.
  bool Index3 = false;
};

struct ClonedHelpers; // lib/TDR/WorkPool/HelperClones.h

struct KernelPlan {
  const clang::FunctionDecl *Kernel = nullptr;
  unsigned MaxWorkGroupSize = 256;
  bool FixedWorkGroupSize = false; // reqd_work_group_size was given
  bool LaunchBounds = false;       // CUDA __launch_bounds__ gave the bound
  unsigned Dims = 0; // highest per-dimension ID read + 1 (0: flat ones only)
  unsigned MaxPaths = 0;      // largest DGI round (0: no DGI round)
  unsigned MaxDgiCounts = 0;  // largest (paths + inactive) * neighbourhoods
  std::vector<RemapRound> Rounds;
  std::vector<ActiveRegion> Regions;
  std::vector<MigrationPool> Pools;
  std::vector<IdRef> IdRefs; // redirected ID queries
  /// Helpers that read the IDs remapping redirects, cloned to take the
  /// logical ones (null or empty: none).
  std::shared_ptr<const ClonedHelpers> Helpers;
  std::vector<const clang::VarDecl *> StripConst; // become assignable
  std::vector<Explanation> Explain;
  unsigned LocalBytes = 0; // total local memory added
  bool DeclaresLocal = false; // the kernel declares __local variables itself
  bool ShortIdPool = false; // 16-bit logical IDs (the budget asked for it)
  /// The budget's passes: each migration pool holds 1/N of the largest
  /// round's state, which moves through it N times (RemapLayout.h).
  unsigned MigrationPasses = 1;
  /// tdr_key's type: the switches' own (promoted) integer type when they
  /// agree, else long (also when no round remaps a switch).
  clang::QualType KeyType;
  /// --feedback: DGI's N is the macro TDR_NEIGHBORS with this default, and
  /// the kernel reports to a last parameter tdr_feedback (0: off).
  unsigned FeedbackNeighbors = 0;
  /// --keep-original: the fallback copy is compiled out where the host
  /// chooses between this kernel and the original (TDR_HOST_CHOOSES).
  bool HostChooses = false;

  bool rewrites() const { return !Rounds.empty(); }
};

} // namespace tdrc

#endif
