//===- PathCost.h - What a path of a branch costs a work-item -------------===//
//
// Internal to lib/TDR (the profitability model).  The cost of a statement in
// weighted operations per work-item: arithmetic 1, divisions and the heavier
// math built-ins more, global/constant memory accesses 4.  Loops multiply
// their body by the trip count.  A trip count the kernel fixes before it
// starts (constants, kernel arguments it never assigns) stays symbolic, as
// the text of an expression the emitted code can evaluate; any other loop is
// assumed to run DefaultTrips times (and the cost says so).
//
// The same walk, given an address filter, counts instead the global-memory
// accesses (1 each, loops multiplied alike) whose address the filter accepts:
// the model uses it for the accesses a remap takes out of their coalesced
// order (Profitability.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_PATHCOST_H
#define TDRC_LIB_TDR_PATHCOST_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <map>
#include <string>

namespace tdrc {

/// A loop's trip count fixed before the kernel starts: Text, the float
/// expression a cost is multiplied by, is max(Span, 0) / Step, Span being
/// the C text of an integer expression.
struct TripCount {
  std::string Text, Span;
  long Step = 1;
};

/// Const + sum over Terms of coefficient * (trip-count product).  A key of
/// Terms is C text, e.g. "(float)(pathlen)" or "(float)(n) * (float)(m)".
struct SymbolicCost {
  double Const = 0;
  std::map<std::string, double> Terms;
  /// The keys of Terms that are one loop's trip count, and that count.
  std::map<std::string, TripCount> Single;
  bool Guessed = false; // some loop ran DefaultTrips times by assumption

  SymbolicCost &operator+=(const SymbolicCost &O);
  SymbolicCost scaled(double F) const;
  /// This cost repeated T times.
  SymbolicCost times(const TripCount &T) const;
  bool symbolic() const { return !Terms.empty(); }
  /// C text of the value (a float expression); "0.0f" when zero.
  std::string text() const;
  /// The value when every loop runs Trips times.
  double at(double Trips) const;
  /// For people (--explain): "12 + 3.5 x len", a loop's span for its term.
  std::string brief() const;
  /// `Span >= N`, an integer C condition that holds exactly when the value
  /// is at least Bound, where the value grows with one loop's trip count
  /// alone; empty otherwise.  A run-time switch then costs one integer
  /// comparison instead of float arithmetic before the kernel's first load.
  std::string atLeast(double Bound) const;
};

class PathCost {
public:
  static constexpr double DefaultTrips = 16;

  /// Stable: the kernel's own parameters never written (so their value at the
  /// kernel's start is their value everywhere).
  PathCost(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
           const llvm::DenseSet<const clang::VarDecl *> &Written)
      : Ctx(Ctx), Kernel(Kernel), Written(Written) {}
  /// Counts the global accesses whose address (its parts: base and index, or
  /// the pointer) Counted accepts, instead of weighting operations.
  using AddressFilter =
      std::function<bool(llvm::ArrayRef<const clang::Expr *>)>;
  PathCost(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
           const llvm::DenseSet<const clang::VarDecl *> &Written,
           const AddressFilter &Counted)
      : Ctx(Ctx), Kernel(Kernel), Written(Written), Counted(&Counted) {}

  SymbolicCost of(const clang::Stmt *S, unsigned Depth = 0);
  /// What Loop's iterations cost when one costs Iter: Iter times the trip
  /// count of a counted `for`, DefaultTrips times for any other loop.
  SymbolicCost repeated(const clang::Stmt *Loop, const SymbolicCost &Iter);

private:
  clang::ASTContext &Ctx;
  const clang::FunctionDecl *Kernel; // a helper's parameters are not in scope
  const llvm::DenseSet<const clang::VarDecl *> &Written;
  const AddressFilter *Counted = nullptr;

  /// An operation's weight; nothing when counting accesses.
  double op(double Weight) const { return Counted ? 0 : Weight; }
  /// A memory access's weight, or 1 / 0 when counting accesses.
  double access(const clang::Expr *Base, clang::QualType Elem,
                llvm::ArrayRef<const clang::Expr *> Address) const;
  SymbolicCost loop(const clang::ForStmt *F, unsigned Depth);
  /// The trip count of a counted loop over stable bounds; an empty Text
  /// otherwise.  Numeric trip counts come back in N.
  TripCount tripCount(const clang::ForStmt *F, double &N);
  bool stable(const clang::Expr *E) const;
  std::string textOf(const clang::Expr *E) const;
  double callCost(const clang::CallExpr *CE, unsigned Depth,
                  SymbolicCost &Body);
};

} // namespace tdrc

#endif
