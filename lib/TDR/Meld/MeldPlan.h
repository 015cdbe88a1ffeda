//===- MeldPlan.h - What the meld transform does to one kernel ------------===//
//
// A melded branch is a tree of MeldNodes: the statements of the two sides in
// one order, each either a pair written once (with the operands that differ
// selected by the branch's condition) or a statement of one side only, kept
// under a guard.  A pair of ifs or loops is a region: its own expressions
// meld like a statement's and its bodies are aligned again.  The planner
// finds all of it; the emitter only spells it.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_MELD_MELDPLAN_H
#define TDRC_LIB_TDR_MELD_MELDPLAN_H

#include "tdrc/TDR/Explanation.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <string>
#include <vector>

namespace tdrc {

/// DARM's instruction weights (CGO'22, section 4.3), the unit of the
/// alignment's scores and of the saving the planner estimates.
namespace meldweight {
constexpr double Add = 5, Mul = 10, Div = 20, Memory = 100, Other = 3;
constexpr double Gap = 2;    // an unaligned statement in the alignment
constexpr double Select = 3; // a `c ? a : b` the melded code adds
constexpr double Guard = 3;  // an `if (c)` around unaligned statements
} // namespace meldweight

/// Two operands that differ: A's text becomes `(c ? A : B)`, each arm cast
/// to Cast when its own type is not the operand's (arithmetic types only).
struct OperandSelect {
  const clang::Expr *A = nullptr, *B = nullptr;
  std::string Cast; // "(float)" or empty
  std::string Wrap; // a cast of the whole select ("(uchar)") or empty
};

/// The outcome of melding two expressions (or two statements' expressions).
struct ExprMeld {
  double Saved = 0; // weight of the operations written once
  std::vector<OperandSelect> Selects;
};

struct MeldNode {
  enum Kind { Pair, OnlyA, OnlyB } K = Pair;
  enum Shape { Simple, If, For, While, Do, Block } S = Simple;
  const clang::Stmt *A = nullptr, *B = nullptr; // OnlyA: A; OnlyB: B
  /// Pair: the selects of the statement's own expressions (a Simple
  /// statement, or a region's condition, for-init and increment).
  ExprMeld Own;
  /// Pair of assignments to two private variables (`a = e1;`, `b = e2;`):
  /// the right-hand sides meld into a temporary, the stores stay apart.
  bool SplitStore = false;
  /// Pair regions: If: then, else; loops and blocks: the body in First.
  std::vector<MeldNode> First, Second;
  /// Totals over the subtree.
  double Saved = 0;
  unsigned Selects = 0, Gaps = 0;
  double net() const {
    return Saved - meldweight::Select * Selects - meldweight::Gap * Gaps;
  }
};

struct MeldedBranch {
  const clang::IfStmt *If = nullptr;
  std::vector<MeldNode> Seq; // the two sides, melded
  double WeightA = 0, WeightB = 0; // DARM weight of each side
  double Similarity = 0;           // 2 * saved / (WeightA + WeightB)
  unsigned Pairs = 0, Unaligned = 0;
  std::string CondName; // the variable that holds the condition
  double Net = 0;       // the saving less the selects and guards
};

struct MeldPlan {
  std::vector<MeldedBranch> Branches;
  std::vector<Explanation> Explain;
};

} // namespace tdrc

#endif
