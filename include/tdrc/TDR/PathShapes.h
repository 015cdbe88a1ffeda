//===- PathShapes.h - The paths of a many-way branch -----------------------===//
//
// A divergent branch has P paths: a plain if has 2; an else-if chain
// `if (c0) .. else if (c1) .. else ..` has one per condition plus "none
// taken"; a switch has one per group of labels that start the same code (a
// label directly followed by another shares its path), plus "no label
// matched" when it has no default.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_PATHSHAPES_H
#define TDRC_TDR_PATHSHAPES_H

#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

/// The most paths one round handles (DGI's counters grow with it).
constexpr unsigned MaxPaths = 32;

struct SwitchPaths {
  /// Labels per path, in source order; `default` is a label like the others.
  std::vector<std::vector<const clang::SwitchCase *>> Groups;
  /// The path of values that match no label: the default's, or one extra.
  unsigned NoMatchPath = 0;
  unsigned paths() const {
    return NoMatchPath == Groups.size() ? unsigned(Groups.size()) + 1
                                        : unsigned(Groups.size());
  }
};

/// The label groups of a switch whose labels all sit directly in its body;
/// a reason to decline otherwise (labels in nested statements, too many).
std::optional<std::string> switchPaths(const clang::SwitchStmt *S,
                                       SwitchPaths &Out);

/// The else-if chain headed by If: If itself, then every `else if`.
std::vector<const clang::IfStmt *> elseIfChain(const clang::IfStmt *If);

/// A statement that only returns (`return;`, `{ return; }`).
bool isReturnOnly(const clang::Stmt *S);

/// Body's last statement (trailing `;` and `return;` aside) when it is a
/// guard block, `if (x < w && y < h) { ... }`: an if without else, init or
/// condition variable whose branch is a braced block.  What the condition
/// may depend on is the caller's to judge.
const clang::IfStmt *trailingGuardBlock(const clang::CompoundStmt *Body);

/// The paths of the whole else-if chain headed by If (no length limit):
/// Arms[k] runs where Conds[k] is the first condition that holds, one more
/// arm (null: nothing) where none does.  The if that declares a variable or
/// is not a plain if, if any, and then the paths are incomplete.
struct ChainPaths {
  std::vector<const clang::Expr *> Conds;
  std::vector<const clang::Stmt *> Arms;
  const clang::IfStmt *NotPlain = nullptr;
};
ChainPaths chainPaths(const clang::IfStmt *If);

} // namespace tdrc

#endif
