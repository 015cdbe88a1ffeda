//===- PathShapes.cpp - The paths of a many-way branch ---------------------===//
#include "tdrc/TDR/PathShapes.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace tdrc {

static bool hasNestedLabel(const Stmt *S) {
  for (const Stmt *C : S->children())
    if (C && (isa<SwitchCase>(C) || (!isa<SwitchStmt>(C) && hasNestedLabel(C))))
      return true;
  return false;
}

std::optional<std::string> switchPaths(const SwitchStmt *Sw,
                                       SwitchPaths &Out) {
  auto *Body = dyn_cast_or_null<CompoundStmt>(Sw->getBody());
  if (!Body)
    return std::string("its body is not a block");
  Out = {};
  bool HasDefault = false;
  for (const Stmt *C : Body->body()) {
    const auto *Label = dyn_cast<SwitchCase>(C);
    if (!Label) {
      if (hasNestedLabel(C))
        return std::string("it has labels inside nested statements");
      continue;
    }
    // `case 1: case 2: body` -- the chain of labels shares one path.
    Out.Groups.emplace_back();
    for (const Stmt *L = Label; L && isa<SwitchCase>(L);
         L = cast<SwitchCase>(L)->getSubStmt()) {
      Out.Groups.back().push_back(cast<SwitchCase>(L));
      if (isa<DefaultStmt>(L)) {
        HasDefault = true;
        Out.NoMatchPath = unsigned(Out.Groups.size() - 1);
      }
    }
    if (hasNestedLabel(Out.Groups.back().back()->getSubStmt()))
      return std::string("it has labels inside nested statements");
  }
  if (!HasDefault)
    Out.NoMatchPath = unsigned(Out.Groups.size());
  if (Out.Groups.empty())
    return std::string("it has no labels");
  if (Out.paths() > MaxPaths)
    return "it has " + std::to_string(Out.paths()) + " paths (at most " +
           std::to_string(MaxPaths) + ")";
  return std::nullopt;
}

std::vector<const IfStmt *> elseIfChain(const IfStmt *If) {
  std::vector<const IfStmt *> Chain{If};
  while (const auto *Next = dyn_cast_or_null<IfStmt>(Chain.back()->getElse())) {
    if (Next->getInit() || Next->getConditionVariable() ||
        Chain.size() + 1 >= MaxPaths)
      break;
    Chain.push_back(Next);
  }
  return Chain;
}

bool isReturnOnly(const Stmt *S) {
  if (auto *C = dyn_cast_or_null<CompoundStmt>(S))
    return C->size() == 1 && isReturnOnly(C->body_front());
  return isa_and_nonnull<ReturnStmt>(S);
}

const IfStmt *trailingGuardBlock(const CompoundStmt *Body) {
  for (auto It = Body->body_rbegin(); It != Body->body_rend(); ++It) {
    if (isa<NullStmt>(*It) || isReturnOnly(*It))
      continue;
    auto *If = dyn_cast<IfStmt>(*It);
    if (If && !If->getElse() && !If->getInit() &&
        !If->getConditionVariable() && !If->isConstexpr() &&
        !If->isConsteval() && isa<CompoundStmt>(If->getThen()))
      return If;
    return nullptr;
  }
  return nullptr;
}

ChainPaths chainPaths(const IfStmt *If) {
  ChainPaths P;
  for (;;) {
    if (If->getConditionVariable() || If->getInit() || If->isConsteval() ||
        If->isConstexpr()) {
      P.NotPlain = If;
      return P;
    }
    P.Conds.push_back(If->getCond());
    P.Arms.push_back(If->getThen());
    auto *Next = dyn_cast_or_null<IfStmt>(If->getElse());
    if (!Next) {
      P.Arms.push_back(If->getElse());
      return P;
    }
    If = Next;
  }
}

} // namespace tdrc
