//===- LoopSplitEmitter.cpp - The text of a split loop --------------------===//
//
// Each loop is the original's header (`for (...) {`, copied as written),
// the statements of its group with the text before each (comments and
// line breaks stay with the statement they precede), and the text before
// the original's closing brace; after it, the statements that follow the
// original loop and move up to that loop (LoopConsumers.cpp), then, after
// the last loop, those that stay, in their order.  One comment before the
// first loop says what tdrc did.
//
//===----------------------------------------------------------------------===//
#include "LoopSplitPlan.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tdrc {

std::optional<SourceText::Range> movableStmtRange(ASTContext &Ctx,
                                                 const Stmt *S) {
  SourceText Src(Ctx);
  if (std::optional<SourceText::Range> R = Src.stmtRange(S))
    return R;
  // A statement that ends in a macro invocation (`s += HALF(v);`): its
  // tokens' file range (which ends at the invocation's closing parenthesis
  // only where the statement's last token is the expansion's last), then
  // the semicolon after it.
  std::optional<SourceText::Range> R = Src.range(S->getSourceRange());
  if (!R || S->getBeginLoc().isMacroID())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned P = R->End;
  while (P < Buf.size() && (Buf[P] == ' ' || Buf[P] == '\t'))
    ++P;
  if (P >= Buf.size() || Buf[P] != ';')
    return std::nullopt;
  R->End = P + 1;
  return R;
}

std::optional<SplitLoopEdit> splitLoopText(ASTContext &Ctx,
                                           const SplitLoop &L) {
  SourceText Src(Ctx);
  auto *Body = cast<CompoundStmt>(L.For->getBody());
  std::optional<SourceText::Range> Whole = Src.stmtRange(L.For);
  std::optional<unsigned> LBrace = Src.offset(Body->getLBracLoc());
  std::optional<unsigned> RBrace = Src.offset(Body->getRBracLoc());
  if (!Whole || !LBrace || !RBrace)
    return std::nullopt;
  std::string Header = Src.text({Whole->Begin, *LBrace + 1});
  // Each statement with the text between it and the one before.
  std::vector<std::string> Chunks;
  unsigned Prev = *LBrace + 1;
  for (const Stmt *S : L.Body) {
    std::optional<SourceText::Range> R = movableStmtRange(Ctx, S);
    if (!R || R->Begin < Prev)
      return std::nullopt;
    Chunks.push_back(Src.text({Prev, R->End}));
    Prev = R->End;
  }
  std::string Tail = Src.text({Prev, *RBrace});
  // The statements after the loop, each with the text before it.
  std::vector<std::string> After;
  Prev = Whole->End;
  for (const auto &[S, To] : L.Following) {
    std::optional<SourceText::Range> R = movableStmtRange(Ctx, S);
    if (!R || R->Begin < Prev)
      return std::nullopt;
    After.push_back(Src.text({Prev, R->End}));
    Prev = R->End;
  }
  std::string Indent = Src.indentAt(L.For->getBeginLoc());
  std::string Out = LoopSplitMarker +
                    std::to_string(L.Groups.size()) +
                    " loops, each with statements independent of the "
                    "others' (loopsplit) */";
  for (unsigned G = 0; G < L.Groups.size(); ++G) {
    Out += "\n" + Indent + Header;
    for (unsigned I : L.Groups[G])
      Out += Chunks[I];
    Out += Tail + "}";
    for (unsigned T = 0; T < After.size(); ++T)
      if (L.Following[T].second == int(G))
        Out += After[T];
  }
  for (unsigned T = 0; T < After.size(); ++T)
    if (L.Following[T].second < 0)
      Out += After[T];
  return SplitLoopEdit{{Whole->Begin, Prev}, std::move(Out)};
}

} // namespace tdrc
