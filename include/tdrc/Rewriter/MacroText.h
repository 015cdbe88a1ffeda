//===- MacroText.h - A macro's expansion spelled as readable code ----------===//
//
// MacroUnfold.cpp's text half, apart from the AST: the expanded tokens of
// one invocation become lines of code (one statement per line, blocks
// indented), and `do { ... } while (0)` wrappers become plain blocks
// when nothing in them could jump out of the loop.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_MACROTEXT_H
#define TDRC_REWRITER_MACROTEXT_H

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace tdrc {

struct MacroToken {
  clang::tok::TokenKind Kind;
  std::string Text;
  /// A `do` whose `while (0)` loop no break or continue leaves (the AST
  /// says so: the ones in nested loops and switches are theirs).
  bool PlainDo = false;
};

/// The tokens as code.  The first line continues where the invocation
/// started; the others start with Indent (and two spaces per open block).
/// Tokens are separated by a space unless dropping it is safe and reads
/// better (calls, member accesses, unary operators, punctuation).
std::string formatMacroTokens(llvm::ArrayRef<MacroToken> Toks,
                              llvm::StringRef Indent);

/// Each `do { S } while (0);` whose `do` is PlainDo becomes `{ S }`, including one that ends the expansion when SemiAfter
/// says a `;` follows the invocation.  True when that last one was changed
/// (the caller then also drops the `;` that followed the invocation).
bool dropDoWhileZero(std::vector<MacroToken> &Toks, bool SemiAfter);

/// The invocation's text on one line, for the comment: whitespace runs as
/// one space, `*/` broken, at most Max characters.
std::string invocationLabel(llvm::StringRef Spelled, size_t Max = 60);

} // namespace tdrc

#endif
