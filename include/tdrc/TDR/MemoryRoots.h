//===- MemoryRoots.h - Which memory a statement may read or write ---------===//
//
// Memory is followed to its roots syntactically: the kernel's pointer
// parameters and variables of static storage (global, constant, local or
// shared), through the private variables that hold addresses made from
// them (`row = out + r * w`) and into the helpers a statement calls.  The
// split transform asks whether the code every part runs reads what the
// kernel writes; loop splitting asks whether two groups of a loop's
// statements touch the same memory.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_MEMORYROOTS_H
#define TDRC_TDR_MEMORYROOTS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include <vector>

namespace tdrc {

class KernelAnalyses;
using RootSet = llvm::SetVector<const clang::VarDecl *>;

/// A private variable that may hold an address: a pointer, an array of
/// them, or a record (which may have pointer members).
bool mayHoldAddress(clang::QualType T);

/// The variable an assignment's target belongs to (p, p[i], s.f), if any.
const clang::VarDecl *targetVar(const clang::Expr *E);

/// The roots an expression may reach: the kernel's pointer parameters and
/// variables of static storage it names, directly or through the private
/// variables that hold addresses made from them (every assignment of the
/// kernel's body counts, wherever it is).
class MemoryRoots {
public:
  explicit MemoryRoots(KernelAnalyses &A);
  /// Adds the roots S may reach to Out.
  void collect(const clang::Stmt *S, RootSet &Out);

private:
  void add(const clang::Stmt *S, RootSet &Out);
  void var(const clang::VarDecl *V, RootSet &Out);
  void assignments(const clang::Stmt *S);

  KernelAnalyses &A;
  llvm::DenseMap<const clang::VarDecl *, std::vector<const clang::Expr *>>
      Assigned;
  llvm::DenseSet<const clang::VarDecl *> Traced;
  llvm::DenseSet<const clang::FunctionDecl *> Helpers;
};

/// The roots of the memory S reads: the bases of its subscripts,
/// dereferences and arrows, and the addresses it passes to calls (a
/// pointer only moved, `out += i`, reads nothing); into helpers.
void readRoots(MemoryRoots &Roots, const clang::Stmt *S,
               llvm::DenseSet<const clang::FunctionDecl *> &Seen,
               RootSet &Out);

/// What a statement of KernelAnalyses::GlobalWrites writes through: an
/// assignment's or increment's target, the addresses a call is given.
std::vector<const clang::Expr *> writeTargets(const clang::Stmt *W);

/// Variables of static storage that the helpers S calls assign.
void helperStaticWrites(const clang::Stmt *S,
                        llvm::DenseSet<const clang::FunctionDecl *> &Seen,
                        RootSet &Out);

} // namespace tdrc

#endif
