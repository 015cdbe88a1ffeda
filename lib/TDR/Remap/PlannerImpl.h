//===- PlannerImpl.h - Shared state of the planner's parts -----------------===//
//
// The planner is split by job: KernelChecks (whole-kernel declines),
// BranchContext (where a branch sits: all threads, a guard, after an early
// return), LiveState (liveness and how each live variable moves).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_PLANNERIMPL_H
#define TDRC_LIB_TDR_PLANNERIMPL_H

#include "tdrc/TDR/Remap/RemapPlan.h"
#include "tdrc/TDR/Remap/CostProfile.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/StmtCollect.h"
#include "tdrc/TDR/ThreadDependence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <optional>
#include <string>

namespace tdrc {

/// The remap planner's view of one kernel: the shared analyses (by
/// reference, computed once by the pass manager) and the plan it builds.
struct PlannerState {
  KernelAnalyses &A;
  clang::ASTContext &Ctx;
  const clang::FunctionDecl *Kernel;
  const clang::CompoundStmt *Body;
  const PlannerOptions &Opts;
  ThreadDependence &TD;
  clang::ParentMap &PM;
  llvm::DenseSet<const clang::VarDecl *> &Written;
  std::vector<const clang::Stmt *> &GlobalWrites;
  std::vector<const clang::Stmt *> &GlobalAccesses;
  KernelPlan Plan;

  PlannerState(KernelAnalyses &A, const PlannerOptions &O);

  std::string loc(clang::SourceLocation L) const { return A.loc(L); }
  bool before(clang::SourceLocation X, clang::SourceLocation Y) const {
    return A.before(X, Y);
  }
  bool contains(const clang::Stmt *Outer, const clang::Stmt *Inner) const {
    return A.contains(Outer, Inner);
  }
  Dep condDep(const clang::Stmt *S) { return A.condDep(S); }
  bool spelledInFile(const clang::Stmt *S) const { return A.spelledInFile(S); }
};

// KernelChecks.cpp
/// A reason not to touch the kernel at all, or none.  Fills Plan.IdRefs and
/// Plan.Dims on success.
std::optional<std::string> checkKernel(PlannerState &S);
/// A logical work-item's global accesses before a remap and its writes after
/// it are made by two physical work-items: then the remap barrier must fence
/// global memory too.  EarlyConds are the conditions the round evaluates
/// before its barrier (every member's): their accesses count as before.
bool needsGlobalFence(PlannerState &S, const RemapRound &R,
                      const std::vector<const clang::Expr *> &EarlyConds);

// BranchContext.cpp
/// Where a divergent branch sits.  Returns a reason to decline, or none and
/// sets Region (-1: all threads) creating/extending Plan.Regions.
std::optional<std::string> placeBranch(PlannerState &S,
                                       const clang::Stmt *Branch,
                                       int &Region);
// UniformNest.cpp
/// The uniform ifs and loops between Branch and RegionBody, innermost first,
/// when every work-item of the region (inactive ones too: StartLoc is
/// where work-items may start to go inactive) can run them, so that the
/// active segments are cut around them; else why not.
std::optional<std::string> uniformNest(PlannerState &S,
                                       const clang::Stmt *Branch,
                                       const clang::CompoundStmt *RegionBody,
                                       clang::SourceLocation StartLoc,
                                       std::vector<const clang::Stmt *> &Nest);
/// Sets each round's Cuts (RemapRound::Cuts) and names the flags of the ifs
/// it is cut out of.
void cutRounds(PlannerState &S);
/// Whether every work-item, whatever guards it, runs the loop the same
/// number of times or takes the if's same arm: its header reads only
/// unwritten parameters, constants, uniform locals set before it and never
/// written again, its own counter and those of the loops around it, which
/// their bodies do not write.  (Thread dependence counts a loop or an if
/// under a bounds guard as varying: the guard controls it.)
bool headerSameForAll(PlannerState &S, const clang::Stmt *N);

/// After all rounds are known: converted early returns and hoisted
/// declarations of each region; a reason to decline the region, or none.
std::optional<std::string> finishRegion(PlannerState &S, unsigned Region);

// LiveState.cpp
/// The type tdr_key is moved in: the remapped switches' controlling type when
/// they all share one builtin integer type (an int moves in half the shared
/// memory of a long), else long, which holds any of them (and when there
/// is no switch).
clang::QualType switchKeyType(clang::ASTContext &Ctx,
                              const std::vector<RemapRound> &Rounds);

class LiveState {
public:
  explicit LiveState(PlannerState &S);
  /// Fills Round.Live (and the pools); a reason to decline, or none.
  std::optional<std::string> planMigration(RemapRound &Round);

private:
  PlannerState &S;
  clang::AnalysisDeclContext *ADC = nullptr;
  std::optional<std::string> classify(const clang::VarDecl *V,
                                      const RemapRound &R, bool &Skip,
                                      bool &Recompute);
  bool isRecomputable(const clang::VarDecl *V, unsigned Depth = 0);
  bool isPureExpr(const clang::Expr *E, unsigned Depth);
  void addRecomputeDeps(const clang::Expr *E, const RemapRound &R,
                        std::vector<const clang::VarDecl *> &Out);
};

/// Puts L, of type T, in the migration pool of T's elements (a constant
/// array's, each one a slot; bool moves as unsigned char), added to
/// S.Plan.Pools when there is none yet: sets L.Elements and L.Pool.
void placeInPool(PlannerState &S, LiveVar &L, clang::QualType T);

// StructFields.cpp
/// Splits each migrated struct variable of S.Plan's rounds into its fields
/// (nested structs recursively), each moved through the pool of its own
/// type, so that the budget's passes can share a struct out.  Only plain
/// structs whose fields are scalars, vectors, pointers, one-dimensional
/// arrays of those or such structs split.  Whether any split.
bool splitStructState(PlannerState &S);

// PointerTargets.cpp
/// CUDA: every value the pointer V takes in the kernel comes from kernel
/// parameters, __shared__/__device__/__constant__ variables or null, so it
/// never points into one thread's own variables and may move to another.
bool pointsOutsideThread(PlannerState &S, const clang::VarDecl *V);

// InvariantHoist.cpp
/// The loops around M's branch, innermost first, that its round may sit
/// before because its conditions cannot change in them; Rounds are the
/// rounds planned so far (none may sit before, or in, such a loop).
std::vector<const clang::Stmt *>
invariantLoops(PlannerState &S, const PathMember &M,
               const std::vector<RemapRound> &Rounds);

// Fragments.cpp
/// The paths of B as a round member; a reason when they cannot be remapped.
std::optional<std::string> makeMember(PlannerState &S, const clang::Stmt *B,
                                      PathMember &M);
/// Adds the data-dependent branches that open a path of member M (and,
/// recursively, of those) to R; why a candidate stayed out goes to NotJoined.
void addNestedMembers(PlannerState &S, RemapRound &R, unsigned M,
                      llvm::DenseMap<const clang::Stmt *, std::string> &NotJoined);
/// Why M's conditions, evaluated before the statements Between, might not
/// give the values they give where they are written (side effects, a
/// variable or memory Between may change, a jump that skips them); none
/// when they give the same.
std::optional<std::string>
hoistBlocker(PlannerState &S, const PathMember &M,
             const std::vector<const clang::Stmt *> &Between);
/// Why B, a later branch, cannot join R's fragment; none when it can.
std::optional<std::string> joinBlocker(PlannerState &S, const RemapRound &R,
                                       const clang::Stmt *B);
/// The conditions of M (a switch's, or each if's of its else-if chain): the
/// round evaluates them before its remap barrier.
std::vector<const clang::Expr *> memberConditions(const PathMember &M);
/// A condition of M reads memory of any kind.
bool conditionsReadMemory(const PathMember &M);
/// The round headed by Head must use DGI or Ballot (option or pragma).
bool forcesDgi(PlannerState &S, const clang::Stmt *Head);
/// The round headed by Head must use (warp) Head-or-Tail (option or pragma).
bool forcesHeadOrTail(PlannerState &S, const clang::Stmt *Head);

// Budget.cpp
/// Lays out the migration pools of the rounds and the plan's local memory.
void sizeLocalMemory(KernelPlan &P);
/// Registers per work-item of the rewrite of a kernel that used Before
/// (the model measured on an H200, docs/occupancy.md).
unsigned registersAfter(const KernelPlan &P, unsigned Before, unsigned MaxRegs);
/// Fits the rounds into the local-memory limit and the occupancy budget
/// (Opts.Gpu), adjusting them or calling Cancel(round index, why).
void fitBudget(PlannerState &S, unsigned OwnLocalBytes,
               const std::function<void(size_t, const std::string &)> &Cancel);

// Profitability.cpp
struct ProfitVerdict {
  bool Keep = true;   // false: the round costs more than it can save
  std::string PaysIf; // a uniform C condition checked at run time, or empty
  std::string Explain;
  double Net = 0;     // the gain's constant part, less scattered accesses
  Estimate Estimated; // the same for --explain=json
  SymbolicCost Gain;  // the whole gain less the round's cost
};
/// Weighs the divergence R removes against what its remap costs.
ProfitVerdict judgeProfit(PlannerState &S, const RemapRound &R);
/// The model's constants for S's kernel: the cost profile's where it gives
/// them for the kernel's language, else the compiled-in ones.
CostModel costModel(const PlannerState &S);
/// R's algorithm: the pragma's (Pragma) or --algorithm's choice where it
/// applies to R's paths and language, else the cheapest that does.
Algorithm chooseAlgorithm(PlannerState &S, const RemapRound &R,
                          std::optional<Algorithm> Pragma);

// RemapExplain.cpp: --explain's entries, as text and as data.
std::string describeDep(PlannerState &S, const clang::Expr *Cond);
std::string describeRound(PlannerState &S, const RemapRound &R);
std::string describeMember(PlannerState &S, const RemapRound &R, unsigned M);
/// An unchanged statement B: Text is the report's line; Reason (default:
/// none) why it is unchanged.
Explanation declined(PlannerState &S, const clang::Stmt *B, std::string Text,
                     const char *Kind = "branch", std::string Reason = "");
/// A member of round R (its head or a joined branch), changed.
Explanation remapped(PlannerState &S, const RemapRound &R, const clang::Stmt *B,
                     std::string Text, std::optional<Estimate> Profit);
/// An else-if of a member of round R: one of its paths.
Explanation chainMember(PlannerState &S, const RemapRound &R,
                        const clang::IfStmt *If, std::string Text);
/// A note about the kernel as a whole.
Explanation kernelNote(clang::SourceLocation Loc, std::string Text);

/// Declared inside the region of a round (so not valid for inactive items).
bool declaredInRegion(PlannerState &S, const clang::VarDecl *V, int Region);

} // namespace tdrc

#endif
