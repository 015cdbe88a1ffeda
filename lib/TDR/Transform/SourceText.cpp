//===- SourceText.cpp - Main-file text of AST nodes, for emitters ---------===//
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace clang;

namespace tdrc {

SourceText::SourceText(ASTContext &Ctx)
    : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()) {}

std::optional<SourceText::Range> SourceText::range(SourceRange R) const {
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
  if (CR.isInvalid() || !SM.isInMainFile(CR.getBegin()))
    return std::nullopt;
  Range Out{SM.getFileOffset(CR.getBegin()), SM.getFileOffset(CR.getEnd())};
  // Clang drops the parentheses of an OpenCL vector splat, `(float4)(1.0f)`:
  // the cast ends at the literal.  An expression's text balances its
  // parentheses; the ones that close it follow.  (Only for text outside
  // macros: a range cut by a macro's expansion is left as it was.)
  std::string Text = text(Out);
  int Open = int(llvm::count(Text, '(')) - int(llvm::count(Text, ')'));
  if (Open > 0) { // count tokens, not characters (a "(" in a string)
    Open = 0;
    Lexer Raw(SM.getLocForStartOfFile(SM.getMainFileID()), LO,
              SM.getBufferData(SM.getMainFileID()).data(),
              SM.getBufferData(SM.getMainFileID()).data() + Out.Begin,
              SM.getBufferData(SM.getMainFileID()).end());
    Token Tok;
    while (!Raw.LexFromRawLexer(Tok) &&
           SM.getFileOffset(Tok.getLocation()) < Out.End)
      Open += Tok.is(tok::l_paren) ? 1 : Tok.is(tok::r_paren) ? -1 : 0;
  }
  SourceLocation End = CR.getEnd();
  while (Open > 0 && Text.find(')') != std::string::npos &&
         R.getBegin().isFileID() && R.getEnd().isFileID()) {
    std::optional<Token> Next = Lexer::findNextToken(
        End.getLocWithOffset(-1), SM, LO);
    if (!Next || Next->isNot(tok::r_paren) || Next->getLocation().isMacroID())
      break;
    End = Next->getEndLoc();
    Out.End = SM.getFileOffset(End);
    --Open;
  }
  return Out;
}

std::optional<SourceText::Range> SourceText::stmtRange(const Stmt *S) const {
  std::optional<Range> R = range(S->getSourceRange());
  if (!R)
    return R;
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  if (R->End > 0 && (Buf[R->End - 1] == ';' || Buf[R->End - 1] == '}'))
    return R;
  // The last token of the invocation when a macro spells the end (its
  // expansion location would be the macro's name); only where the range
  // ends with that invocation, not inside its arguments.
  SourceLocation Last = SM.getExpansionRange(S->getEndLoc()).getEnd();
  if (SM.getFileOffset(Lexer::getLocForEndOfToken(Last, 0, SM, LO)) != R->End)
    return std::nullopt;
  SourceLocation After =
      Lexer::findLocationAfterToken(Last, tok::semi, SM, LO, false);
  if (After.isInvalid())
    return std::nullopt;
  R->End = SM.getFileOffset(After);
  return R;
}

std::optional<unsigned> SourceText::offset(SourceLocation L) const {
  L = SM.getExpansionLoc(L);
  if (!SM.isInMainFile(L))
    return std::nullopt;
  return SM.getFileOffset(L);
}

std::string SourceText::indentAt(SourceLocation L) const {
  L = SM.getExpansionLoc(L);
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned Start = SM.getFileOffset(L);
  while (Start > 0 && Buf[Start - 1] != '\n')
    --Start;
  unsigned End = Start;
  while (End < Buf.size() && (Buf[End] == ' ' || Buf[End] == '\t'))
    ++End;
  return Buf.substr(Start, End - Start).str();
}

SourceText::Range SourceText::wholeLines(Range R) const {
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned B = R.Begin, E = R.End;
  while (B > 0 && (Buf[B - 1] == ' ' || Buf[B - 1] == '\t'))
    --B;
  while (E < Buf.size() && (Buf[E] == ' ' || Buf[E] == '\t'))
    ++E;
  if ((B == 0 || Buf[B - 1] == '\n') && E < Buf.size() && Buf[E] == '\n')
    return {B, E + 1};
  return R;
}

std::string SourceText::text(Range R) const {
  return SM.getBufferData(SM.getMainFileID())
      .substr(R.Begin, R.End - R.Begin)
      .str();
}

std::string SourceText::where(SourceLocation L) const {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  return P.isValid() ? std::to_string(P.getLine()) + ":" +
                           std::to_string(P.getColumn())
                     : "<unknown>";
}

std::string SourceText::respell(
    Range R, std::vector<std::pair<Range, std::string>> Subs) const {
  std::sort(Subs.begin(), Subs.end(), [](const auto &A, const auto &B) {
    return A.first.Begin < B.first.Begin;
  });
  std::string Out;
  unsigned Pos = R.Begin;
  for (const auto &[S, New] : Subs) {
    if (S.Begin < Pos || S.End > R.End)
      continue; // outside R, or inside one already replaced
    Out += text({Pos, S.Begin}) + New;
    Pos = S.End;
  }
  return Out + text({Pos, R.End});
}

std::string SourceText::typeName(QualType T) const {
  return declared(T, "");
}

std::string SourceText::declaration(const VarDecl *V) const {
  return declared(V->getType(), V->getName());
}

std::string SourceText::declared(QualType T, llvm::StringRef Name) const {
  std::string Decl;
  llvm::raw_string_ostream OS(Decl);
  T.getUnqualifiedType().print(OS, Ctx.getPrintingPolicy(), Name);
  OS.flush();
  for (size_t At; (At = Decl.find("__private ")) != std::string::npos;)
    Decl.erase(At, 10); // the default address space, spelled out
  // Clang 22 prints size_t and its kin as reserved sugar names that source
  // cannot spell (`__size_t`): the standard names instead.
  static const std::pair<llvm::StringRef, llvm::StringRef> Sugar[] = {
      {"__size_t", "size_t"},
      {"__signed_size_t", "ptrdiff_t"},
      {"__ptrdiff_t", "ptrdiff_t"}};
  for (auto [From, To] : Sugar)
    for (size_t At = 0; (At = Decl.find(From.str(), At)) != std::string::npos;) {
      size_t End = At + From.size();
      bool Word = (At == 0 || !(isalnum((unsigned char)Decl[At - 1]) ||
                                Decl[At - 1] == '_')) &&
                  (End == Decl.size() ||
                   !(isalnum((unsigned char)Decl[End]) || Decl[End] == '_'));
      if (Word)
        Decl.replace(At, From.size(), To.str());
      At += Word ? To.size() : 1;
    }
  return Decl;
}

std::optional<KernelText> kernelText(const SourceManager &SM,
                                     const FunctionDecl *K, std::string &Why) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(K->getBody());
  // A macro may spell the first words (CUDA's __global__); the copy starts
  // where it is expanded.
  SourceLocation Begin = SM.getExpansionLoc(K->getBeginLoc());
  // Attributes written before the declaration (`__attribute__((...))`).
  for (const Attr *A : K->attrs()) {
    SourceLocation L = SM.getExpansionLoc(A->getRange().getBegin());
    if (L.isValid() && L.isFileID() && SM.isInMainFile(L) &&
        SM.isBeforeInTranslationUnit(L, Begin))
      Begin = L;
  }
  SourceLocation End = Body ? Body->getRBracLoc() : SourceLocation();
  SourceLocation Name = K->getLocation();
  for (SourceLocation L : {Begin, End, Name})
    if (L.isInvalid() || L.isMacroID() || !SM.isInMainFile(L)) {
      Why = "its declaration is written by a macro";
      return std::nullopt;
    }
  KernelText T;
  T.Begin = SM.getFileOffset(Begin);
  T.End = SM.getFileOffset(End) + 1;
  T.NameAt = SM.getFileOffset(Name) - T.Begin;
  llvm::StringRef Code = SM.getBufferData(SM.getMainFileID());
  T.Text = Code.substr(T.Begin, T.End - T.Begin).str();
  std::string N = K->getNameAsString();
  if (T.NameAt + N.size() > T.Text.size() ||
      T.Text.compare(T.NameAt, N.size(), N) != 0) {
    Why = "its name is not spelled where the declaration names it";
    return std::nullopt;
  }
  // The first line's indentation goes before the descriptor, too.
  T.LineStart = T.Begin;
  while (T.LineStart > 0 && Code[T.LineStart - 1] != '\n')
    --T.LineStart;
  return T;
}

} // namespace tdrc
