//===- ChainCases.cpp - The paths of an if/else-if chain, as case groups ---===//
//
// `if (a) A else if (b) B else C` is a switch on which condition holds
// first: the melded code numbers the paths, `const int v = (a) ? 0 : (b) ?
// 1 : 2;`, which evaluates the conditions exactly as the chain does (each
// once, in order, the later ones only when the earlier are false), and then
// melds the paths N ways with the switch's machinery.  Without a final
// `else`, the value after the last path runs nothing; an empty path is a
// value that runs nothing.  Unlike a switch's case, a path's `break` or
// `continue` belongs to a loop around the chain: it stays in its path.
//
//===----------------------------------------------------------------------===//
#include "Melder.h"

using namespace clang;

namespace tdrc {

namespace {

/// A path's statements: a braced block's, or the one statement.
std::vector<const Stmt *> pathBody(const Stmt *S) {
  std::vector<const Stmt *> B;
  if (auto *CS = dyn_cast<CompoundStmt>(S))
    B.assign(CS->body_begin(), CS->body_end());
  else
    B.push_back(S);
  llvm::erase_if(B, [](const Stmt *X) { return isa<NullStmt>(X); });
  return B;
}

} // namespace

std::optional<std::string> chainGroups(const IfStmt *If, MeldedSwitch &M) {
  M.Chain = If;
  const Stmt *Else = nullptr;
  for (const IfStmt *Link = If; Link;) {
    if (Link->getInit() || Link->getConditionVariable() || Link->isConstexpr())
      return std::string("an if of the chain declares a variable or is "
                         "constexpr");
    unsigned Ordinal = M.ChainConds.size();
    M.ChainConds.push_back(Link->getCond());
    CaseGroup G;
    G.Labels.push_back({nullptr, Ordinal});
    G.Body = pathBody(Link->getThen());
    if (G.Body.empty())
      M.EmptyLabels.push_back(G.Labels.front());
    else
      M.Groups.push_back(std::move(G));
    Else = Link->getElse();
    Link = dyn_cast_or_null<IfStmt>(Else);
  }
  if (Else) {
    CaseGroup G;
    G.Default = true;
    G.Body = pathBody(Else);
    if (!G.Body.empty())
      M.Groups.push_back(std::move(G));
  }
  unsigned Paths = M.ChainConds.size() + (Else ? 1 : 0);
  if (Paths < 3)
    return std::string("it has fewer than three paths");
  return std::nullopt;
}

} // namespace tdrc
