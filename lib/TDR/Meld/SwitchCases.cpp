//===- SwitchCases.cpp - The cases of a switch, as groups of statements ---===//
//
// A switch melds when its body is a list of case groups, each one or more
// labels followed by statements that end with `break;` (or leave by
// `return`/`continue`, or are the last group): no case falls into the next,
// and no `break` leaves the switch from the middle of a case (once the
// switch is gone, such a break would leave the loop around it).  A group's
// body is its statements without the final break; a group written as one
// braced block is that block's statements.
//
//===----------------------------------------------------------------------===//
#include "Melder.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace tdrc {

namespace {

/// A `break` in S that leaves the switch (not one of a loop or switch
/// inside S).
const BreakStmt *switchBreak(const Stmt *S) {
  if (!S)
    return nullptr;
  if (auto *B = dyn_cast<BreakStmt>(S))
    return B;
  if (isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(S) ||
      isa<Expr>(S))
    return nullptr;
  for (const Stmt *C : S->children())
    if (const BreakStmt *B = switchBreak(C))
      return B;
  return nullptr;
}

bool leaves(const Stmt *S) {
  if (auto *CS = dyn_cast<CompoundStmt>(S))
    return CS->body_back() && leaves(CS->body_back());
  return isa<BreakStmt, ReturnStmt, ContinueStmt>(S);
}

/// The group's statements as written after its labels, without the final
/// break; one braced block opened.
std::optional<std::string> settle(CaseGroup &G, bool Last) {
  std::vector<const Stmt *> &B = G.Body;
  if (!Last && !leaves(B.back()))
    return std::string("a case falls through into the next");
  if (isa<BreakStmt>(B.back()))
    B.pop_back();
  if (B.size() == 1)
    if (auto *CS = dyn_cast<CompoundStmt>(B[0])) {
      B.assign(CS->body_begin(), CS->body_end());
      if (!B.empty() && isa<BreakStmt>(B.back()))
        B.pop_back();
    }
  for (const Stmt *S : B)
    if (switchBreak(S))
      return std::string("a break leaves the switch from the middle of a "
                         "case");
  return std::nullopt;
}

} // namespace

std::optional<std::string> caseGroups(const SwitchStmt *Sw,
                                      std::vector<CaseGroup> &Groups,
                                      std::vector<CaseLabel> &EmptyLabels) {
  auto *Body = dyn_cast<CompoundStmt>(Sw->getBody());
  if (!Body || Body->body_empty())
    return std::string("its body is not a braced list of cases");
  std::vector<CaseGroup> All;
  for (const Stmt *S : Body->body()) {
    if (!isa<SwitchCase>(S)) {
      if (All.empty())
        return std::string("it has statements before its first case");
      All.back().Body.push_back(S);
      continue;
    }
    // Labels in a row name one group; a label after statements opens one.
    if (All.empty() || !All.back().Body.empty())
      All.emplace_back();
    while (auto *C = dyn_cast<SwitchCase>(S)) {
      if (auto *CS = dyn_cast<CaseStmt>(C)) {
        if (CS->caseStmtIsGNURange())
          return std::string("it has a case range");
        All.back().Labels.push_back({CS->getLHS()});
      } else {
        All.back().Default = true;
      }
      S = C->getSubStmt();
    }
    All.back().Body.push_back(S);
  }
  for (size_t I = 0; I < All.size(); ++I) {
    CaseGroup &G = All[I];
    llvm::erase_if(G.Body, [](const Stmt *S) { return isa<NullStmt>(S); });
    bool Last = I + 1 == All.size();
    if (G.Body.empty() && !Last) {
      // `case 3: ;` runs into the next case: its labels are the next's.
      CaseGroup &Next = All[I + 1];
      Next.Labels.insert(Next.Labels.begin(), G.Labels.begin(), G.Labels.end());
      Next.Default |= G.Default;
      continue;
    }
    if (!G.Body.empty())
      if (std::optional<std::string> Why = settle(G, Last))
        return Why;
    if (G.Body.empty()) {
      // `case 3: break;` does nothing (a default so: values not listed).
      EmptyLabels.insert(EmptyLabels.end(), G.Labels.begin(), G.Labels.end());
      continue;
    }
    Groups.push_back(std::move(G));
  }
  return std::nullopt;
}

} // namespace tdrc
