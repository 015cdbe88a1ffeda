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
#include "tdrc/TDR/PathCost.h"
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
  /// Loop hints both sides write before the statement (`#pragma unroll`,
  /// OpenCL's unroll attribute), one per line, repeated before the meld.
  std::string Hints;
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
  /// The saving in the remap model's unit, against remap's (MeldGain.cpp).
  SymbolicCost Gain;
};

/// A value that selects a group: a case label of a switch, or the position
/// of a path in an if/else-if chain (the melded code numbers the paths).
struct CaseLabel {
  const clang::Expr *E = nullptr;
  unsigned Ordinal = 0; // when E is null
};

/// The cases of a switch that share one body: their labels (none for a
/// `default:` alone) and their statements, without the final `break;`.
/// The paths of an if/else-if chain alike, each its position as its label,
/// a final `else` the default.
struct CaseGroup {
  std::vector<CaseLabel> Labels;
  bool Default = false;
  std::vector<const clang::Stmt *> Body;
};

/// A case group's statement that melds with the pivot's: its selects
/// against the pivot's text; with SplitStore, an assignment to another
/// private variable (S's left-hand side) whose right-hand side melds.
struct SwitchMember {
  unsigned Group = 0;
  ExprMeld Own;
  const clang::Stmt *S = nullptr;
  bool SplitStore = false;
};

/// A statement of a melded switch: the pivot case's statement with the
/// other cases that meld with it, or one case's own statement (Members
/// empty, Groups one).  A shared region's bodies are melded again in First
/// and Second.
struct SwitchNode {
  const clang::Stmt *S = nullptr;
  MeldNode::Shape Shape = MeldNode::Simple;
  bool SplitStore = false; // a member stores to another variable
  std::vector<unsigned> Groups; // the case groups that run it, ascending
  std::vector<SwitchMember> Members;
  std::vector<SwitchNode> First, Second;
};

/// A switch whose cases are melded into one sequence (N-way: a select has
/// an arm per case group, chosen by the switch's value).
struct MeldedSwitch {
  const clang::SwitchStmt *Switch = nullptr;
  std::vector<CaseGroup> Groups; // the groups that do something
  std::vector<CaseLabel> EmptyLabels; // labels of cases that do nothing
  /// Or, instead of Switch, an if/else-if chain of three paths or more: its
  /// conditions (one per `if`, in order) select the path.
  const clang::IfStmt *Chain = nullptr;
  std::vector<const clang::Expr *> ChainConds;
  const clang::Stmt *root() const {
    return Switch ? static_cast<const clang::Stmt *>(Switch) : Chain;
  }
  unsigned Pivot = 0;
  std::vector<SwitchNode> Seq;
  std::string ValueName; // the variable that holds the switch's value
  double Similarity = 0, Net = 0, Saved = 0;
  unsigned Shared = 0, Own = 0, Selects = 0;
  SymbolicCost Gain; // as MeldedBranch's
};

struct MeldPlan {
  std::vector<MeldedBranch> Branches;
  std::vector<MeldedSwitch> Switches;
  std::vector<Explanation> Explain;
};

} // namespace tdrc

#endif
