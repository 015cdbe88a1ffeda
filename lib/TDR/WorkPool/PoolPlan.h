//===- PoolPlan.h - What the work-pool transform does to one kernel -------===//
//
// The kernel body is read as three parts around one loop at its top level
// (or at the top level of a guard block that ends the body,
// `if (row < n) { ... }`) whose trip count differs between work-items:
//
//   preparation   the statements before the loop (and the loop's init):
//                 run once per item; a `return` there drops the item, and
//                 so does the guard's condition where it fails
//   the loop      one iteration per step of the fused loop
//   settlement    the statements after the loop: run once per item
//
// The emitter turns the body into one loop over items and iterations (a
// state machine per work-item), so a work-item that settles its item
// prepares the next one while the others keep iterating.  Everything here is
// found by the planner; the emitter only spells it.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_WORKPOOL_POOLPLAN_H
#define TDRC_LIB_TDR_WORKPOOL_POOLPLAN_H

#include "tdrc/TDR/Explanation.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

class KernelAnalyses;
struct TransformOptions;

/// One read of a work-item's identity, redirected to the item's.
struct PoolIdRef {
  enum Kind { GlobalId, LocalId, GroupId, CudaThreadIdx, CudaBlockIdx };
  const clang::Expr *E; // the call, or CUDA's `threadIdx` / `blockIdx` name
  Kind K;
  unsigned Dim; // OpenCL: the query's dimension; CUDA: unused
};

/// The name a redirected ID read is spelled as: tdr_gid0, tdr_lid1,
/// tdr_grp2 (OpenCL), tdr_tid_x, tdr_bid_y (CUDA).  PoolEmitter.cpp.
std::string redirectedIdName(const PoolIdRef &Id, bool Cuda);

/// A helper that reads the work-item's identity, itself or through helpers
/// it calls: where the IDs are redirected it gets a clone that takes the
/// item's IDs as parameters (HelperClones.cpp).
struct HelperClone {
  const clang::FunctionDecl *Helper = nullptr; // its definition
  std::vector<PoolIdRef> Reads;                // in its body
  std::vector<const clang::CallExpr *> Calls;  // of cloned helpers, in it
  std::vector<PoolIdRef> Takes; // the IDs it needs, one per name (E null)
  // When the definition follows the kernel: its declaration before the
  // kernel, whose clone prototype goes there (the clone itself follows the
  // helper, where everything its body names is declared).
  const clang::FunctionDecl *Prototype = nullptr;
};

/// The helpers a kernel's rewrite clones, callees first, and the kernel's
/// calls of them.
struct ClonedHelpers {
  std::vector<HelperClone> Clones;
  std::vector<const clang::CallExpr *> Calls;
  bool empty() const { return Clones.empty(); }
};

/// A jump that ends an iteration or an item, and how it is re-spelled.
struct PoolJump {
  const clang::Stmt *S;
  enum Kind {
    DropItem,  // `return` outside the loop: the item is done
    LoopBreak, // `break` of the loop: on to the settlement
    LoopReturn // `return` inside the loop: the item is done, no settlement
  } K;
};

struct PoolPlan {
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::CompoundStmt *Body = nullptr;
  const clang::Stmt *Loop = nullptr;      // ForStmt, WhileStmt or DoStmt
  /// The guard block the loop sits in, if any; Scope is its block (else
  /// Body), and LoopIndex the loop's place in Scope.
  const clang::IfStmt *Guard = nullptr;
  const clang::CompoundStmt *Scope = nullptr;
  unsigned LoopIndex = 0;
  /// Top-level declarations before the loop (and the for's init): their
  /// variables move to the top of the kernel; these statements become
  /// assignments.
  std::vector<const clang::DeclStmt *> Hoisted;
  /// Declarations of integer constants (a constant may size an array in
  /// C++) and of read-only tables of constants: they move to the top whole.
  std::vector<const clang::DeclStmt *> MovedWhole;
  std::vector<PoolIdRef> Ids;
  /// Helpers that read IDs (checkItemsIndependent with CloneHelpers).
  ClonedHelpers Helpers;
  /// Parameters the kernel may write (`out += i;`, `&n`): each item starts
  /// from the value the launch passed, kept in a copy.
  std::vector<const clang::ParmVarDecl *> ResetParams;
  std::vector<PoolJump> Jumps;
  bool LoopContinues = false; // a `continue` of the loop in its body
  const clang::ReturnStmt *TrailingReturn = nullptr; // last statement
  unsigned Dims = 1; // ID dimensions the kernel reads

  bool Changes = false;
  std::vector<Explanation> Explain;
  std::string Reason; // why the kernel is unchanged (when a loop was found)
};

/// Plans the kernel of A; Changes is false when nothing is to be done.
PoolPlan planWorkPool(KernelAnalyses &A, const TransformOptions &O);

// PoolLegality.cpp
/// Why the kernel's work-items cannot run in another order or in other
/// work-items (barriers, local memory, collectives, atomics whose result is
/// used, IDs read in helpers or macros); none when they can.  Fills Ids.
/// Redirect false: the IDs stay as they are (the split transform runs each
/// work-item in its own place), so where they are read does not matter.
/// CloneHelpers: IDs read in helpers are redirected through clones of the
/// helpers (fills Helpers) instead of a reason.
std::optional<std::string> checkItemsIndependent(KernelAnalyses &A,
                                                 PoolPlan &P,
                                                 bool Redirect = true,
                                                 bool CloneHelpers = false);

/// The kernel's parameters that some use may write: one that is not only
/// read as a value (assigned, incremented, its address taken, bound to a
/// reference, a member of it used as an lvalue).  Several items run in one
/// work-item, so each must start from the launch's value.
std::vector<const clang::ParmVarDecl *>
possiblyWrittenParams(clang::ASTContext &Ctx, const clang::FunctionDecl *K);

} // namespace tdrc

#endif
