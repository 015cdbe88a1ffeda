//===- ThreadDependence.h - Which values differ between work-items ---------===//
//
// A monotone fixpoint over a kernel's body (and the helpers it calls) that
// classifies every private variable and expression on a three-point lattice:
//
//   Uniform  <  ThreadId  <  Data
//
// Uniform: the same in every work-item of a work-group (constants, kernel
// arguments, sizes, group IDs, loads at uniform addresses).  ThreadId: a pure
// function of work-item IDs and uniform values (bounds checks live here).
// Data: depends on memory loaded at a thread-dependent address, on atomics, or
// on control flow that is itself Data.  Only Data conditions are divergence
// that thread-data remapping can remove.
//
// Control dependence is tracked syntactically: a variable assigned under a
// condition (or in a loop whose exit) of class C is at least C.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_THREADDEPENDENCE_H
#define TDRC_TDR_THREADDEPENDENCE_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <string>
#include <vector>

namespace tdrc {

enum class Dep : unsigned char { Uniform = 0, ThreadId = 1, Data = 2 };

/// A lattice value plus the expression that first made it Data (for --explain).
struct DepValue {
  Dep Level = Dep::Uniform;
  const clang::Expr *Origin = nullptr;

  static DepValue uniform() { return {}; }
  static DepValue threadId() { return {Dep::ThreadId, nullptr}; }
  static DepValue data(const clang::Expr *Origin) { return {Dep::Data, Origin}; }
  /// Join; keeps the first origin of the higher level.
  DepValue join(const DepValue &O) const {
    if (O.Level > Level)
      return O;
    return *this;
  }
  bool operator==(const DepValue &O) const { return Level == O.Level; }
};

const char *depName(Dep D);

class ThreadDependence {
public:
  ThreadDependence(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel);
  ~ThreadDependence();

  /// Runs the fixpoint; call once before the queries.
  void run();
  /// Before run(): an `if` whose condition does not reach what it guards, as
  /// if it were the early return it could be written as (a bounds guard
  /// around the work: the work-items it leaves out run none of it).
  void setTransparentGuard(const clang::IfStmt *G) { Transparent = G; }

  DepValue exprDep(const clang::Expr *E);
  DepValue varDep(const clang::VarDecl *V) const;
  /// Variables whose address is taken: pinned to Data, never migrated.
  bool isAddressTaken(const clang::VarDecl *V) const {
    return AddressTaken.count(V);
  }
  /// Loops whose exit depends on a thread-dependent break/continue/return
  /// (and switches whose cases a thread-dependent break cuts short).
  Dep loopJumpDep(const clang::Stmt *Loop) const;
  /// The same for the jumps that end the loop (break, return): a continue
  /// skips part of an iteration but leaves the trip count as it was.
  Dep loopExitDep(const clang::Stmt *Loop) const;

private:
  struct Frame; // one function being analysed (kernel or helper instance)

  DepValue eval(Frame &F, const clang::Expr *E, Dep Ctx);
  void visitStmt(Frame &F, const clang::Stmt *S, Dep Ctx);
  void assignTo(Frame &F, const clang::Expr *LHS, DepValue V, Dep Ctx);
  DepValue evalCall(Frame &F, const clang::CallExpr *CE, Dep Ctx);
  DepValue evalLoad(Frame &F, const clang::Expr *Load, DepValue Address);
  DepValue helperSummary(const clang::FunctionDecl *FD,
                         const std::vector<Dep> &Args);
  void raise(Frame &F, const clang::VarDecl *V, DepValue V2);
  void noteJump(Frame &F, Dep Ctx, const clang::Stmt *Jump);
  /// The private variable E names escapes: its address is taken or a
  /// reference binds it.
  void escape(Frame &F, const clang::Expr *E, Dep Ctx);

  clang::ASTContext &Ctx;
  const clang::FunctionDecl *Kernel;
  std::unique_ptr<Frame> KernelFrame;
  llvm::DenseSet<const clang::VarDecl *> AddressTaken;
  std::map<std::pair<const clang::FunctionDecl *, std::vector<Dep>>, DepValue>
      Summaries;
  unsigned Depth = 0;
  bool Changed = false;
  const clang::IfStmt *Transparent = nullptr;
};

} // namespace tdrc

#endif
