//===- LoopSplitPlan.h - What loop splitting does to one kernel -----------===//
//
// A split loop is a `for` whose body's top-level statements are partitioned
// into groups (connected components of "shares a variable or memory one of
// them writes"); each group becomes a loop of its own with the original
// header, its statements in their original order.  A declaration whose
// value every iteration recomputes from what the loop does not change
// (`float x = in[k];`) is repeated in each group that reads it instead of
// joining them.  The planner finds all of it; the emitter only spells it.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_LOOPSPLIT_LOOPSPLITPLAN_H
#define TDRC_LIB_TDR_LOOPSPLIT_LOOPSPLITPLAN_H

#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/MemoryRoots.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

class KernelAnalyses;
struct TransformOptions;
struct KernelContext;

/// What one statement (or a loop header's part) touches.
struct Footprint {
  llvm::SetVector<const clang::VarDecl *> VarsRead, VarsWritten; // private
  RootSet MemRead, MemWritten;
  bool UserCalls = false; // calls a helper (a declaration is then not repeated)
  std::optional<std::string> Illegal; // what splitting cannot move
};

/// What footprints are computed in: the kernel, its memory roots, and the
/// private variables whose address a pointer may hold (`&x`, an array
/// passed or assigned as a pointer): a load or store through any private
/// pointer, or a pointer handed to a call, may read or write them.
struct FootprintScope {
  explicit FootprintScope(KernelAnalyses &A);
  KernelAnalyses &A;
  MemoryRoots Roots;
  llvm::SetVector<const clang::VarDecl *> AddressTaken;
};

/// Computes the footprint of S, a statement of the loop's body or a part of
/// its header: a break or continue of the loop inside S is illegal, one of
/// a loop or switch inside S is not.
Footprint footprintOf(FootprintScope &Scope, const clang::Stmt *S);

/// Whether memory reached through roots X and Y may be the same.
bool mayAlias(const clang::VarDecl *X, const clang::VarDecl *Y);

struct SplitLoop {
  const clang::ForStmt *For = nullptr;
  std::vector<const clang::Stmt *> Body; // the body's statements, in order
  /// Per group, the indices into Body of its statements (repeated
  /// declarations included), ascending.
  std::vector<std::vector<unsigned>> Groups;
  unsigned Repeated = 0; // declarations repeated in more than one group
  std::vector<bool> Repeatable; // per statement of Body: may be repeated
  /// 32-bit words of state each group carries across iterations or out of
  /// the loop (variables declared outside the loop that it writes).
  std::vector<unsigned> CarriedWords;
  /// The statements after the loop in its block, up to the last one moved:
  /// each with the group after whose loop it moves, or -1 (it stays, after
  /// the last loop).  LoopConsumers.cpp.
  std::vector<std::pair<const clang::Stmt *, int>> Following;
  /// Per group, the words of state live while its loop runs: its own and
  /// those of earlier groups whose results are still to be used.
  std::vector<unsigned> PeakWords;
};

/// The variable or memory through which two footprints depend on each
/// other (one writes what the other reads or writes), if they do.
std::optional<std::string> dependence(const Footprint &I, const Footprint &J);

/// Moves up, after the loop of group g, the statements that follow the
/// loop in its block and use g's results but nothing a later loop or a
/// statement they would pass changes (the results' registers are then free
/// for the later loops); fills L.Following and L.PeakWords.
void placeConsumers(FootprintScope &Scope, const std::vector<Footprint> &Fs,
                    SplitLoop &L);

/// Groups L.Body (footprints Fs, one per statement) into L.Groups and
/// L.Repeated; or why the statements form one group (LoopPartition.cpp).
std::optional<std::string> partitionLoop(KernelAnalyses &A,
                                         const std::vector<Footprint> &Fs,
                                         SplitLoop &L);

/// The state group G (indices into L.Body) carries across iterations and
/// out of the loop: the variables declared before the loop that its
/// statements (not the repeated declarations) write; and its size in
/// 32-bit words (LoopConsumers.cpp).
llvm::SetVector<const clang::VarDecl *>
groupState(KernelAnalyses &A, const std::vector<Footprint> &Fs,
           const SplitLoop &L, const std::vector<unsigned> &G);
unsigned stateWords(clang::ASTContext &Ctx,
                    const llvm::SetVector<const clang::VarDecl *> &Vars);

/// Puts the groups that carry no state into the one that carries the least
/// (after L.CarriedWords is known); nothing when no group carries any.
void mergeStatelessGroups(SplitLoop &L);

/// Merges groups until there are at most Most: the pair that shares the
/// most repeatable declarations first, then the pair carrying the least.
void limitLoops(SplitLoop &L, unsigned Most);

/// Why splitting L cannot raise the occupancy on the --gpu given with the
/// --regs measured (LoopSplitModel.cpp); else nothing, and Note says what
/// the model sees.
std::optional<std::string> whyLoopSplitCannotPay(KernelAnalyses &A,
                                                 const TransformOptions &O,
                                                 const SplitLoop &L,
                                                 std::string &Note);

/// The comment before the first of the loops a loop became.
constexpr const char *LoopSplitMarker = "/* tdrc: loop split into ";

struct LoopSplitPlan {
  std::vector<SplitLoop> Loops;
  std::vector<Explanation> Explain;
};

LoopSplitPlan planLoopSplit(KernelContext &K);

/// The split loops' text and what it replaces: L.For and the statements
/// of L.Following, from the loop's first token to the last one's
/// semicolon; nothing when part of it is not in the main file.
struct SplitLoopEdit {
  SourceText::Range Replaced;
  std::string Text;
};
std::optional<SplitLoopEdit> splitLoopText(clang::ASTContext &Ctx,
                                           const SplitLoop &L);
/// A statement's main-file range with its semicolon, also where it ends in
/// a macro invocation; nothing where it begins in or is written by a macro.
std::optional<SourceText::Range> movableStmtRange(clang::ASTContext &Ctx,
                                                 const clang::Stmt *S);

} // namespace tdrc

#endif
