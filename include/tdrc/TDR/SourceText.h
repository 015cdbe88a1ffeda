//===- SourceText.h - Main-file text of AST nodes, for emitters -----------===//
//
// What every transform's emitter asks of the source: the main-file offsets
// of a node (none when it starts or ends inside a macro expansion), a
// statement with its semicolon, the indentation of a line, and a node's text
// re-spelled with some of the expressions inside it replaced (the ID
// queries a transform redirects), and a kernel's whole text.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_SOURCETEXT_H
#define TDRC_TDR_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tdrc {

class SourceText {
public:
  struct Range {
    unsigned Begin = 0, End = 0;
  };
  explicit SourceText(clang::ASTContext &Ctx);
  const clang::SourceManager &sourceManager() const { return SM; }

  /// The main-file character range of a token range, or nothing.
  std::optional<Range> range(clang::SourceRange R) const;
  /// A statement's range including its terminating semicolon.
  std::optional<Range> stmtRange(const clang::Stmt *S) const;
  std::optional<unsigned> offset(clang::SourceLocation L) const;
  /// The whitespace that starts L's line.
  std::string indentAt(clang::SourceLocation L) const;
  /// R widened to its whole lines if nothing else shares them.
  Range wholeLines(Range R) const;
  std::string text(Range R) const;
  /// "line:col" of L's expansion.
  std::string where(clang::SourceLocation L) const;
  /// The text of R with each substitution (a range inside it and its new
  /// text) applied.
  std::string
  respell(Range R,
          std::vector<std::pair<Range, std::string>> Substitutions) const;
  /// `T name` for a declaration of V's type without its initialiser (top
  /// level qualifiers and OpenCL's default __private dropped).
  std::string declaration(const clang::VarDecl *V) const;
  /// T spelled for a declaration (top-level qualifiers and OpenCL's default
  /// __private dropped).
  std::string typeName(clang::QualType T) const;
  /// `T name` for a declaration of type T (as declaration()).
  std::string declared(clang::QualType T, llvm::StringRef Name) const;

private:
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const clang::LangOptions &LO;
};

/// A kernel's declaration as written in the main file, from its first token
/// (attributes included) to its closing brace: the text that --keep-original
/// and the split transform copy under another name.
struct KernelText {
  unsigned Begin = 0, End = 0; // offsets: first token, after the last brace
  unsigned LineStart = 0;      // start of the first token's line
  unsigned NameAt = 0;         // the name, relative to Begin
  std::string Text;
};

std::optional<KernelText> kernelText(const clang::SourceManager &SM,
                                     const clang::FunctionDecl *K,
                                     std::string &Why);

} // namespace tdrc

#endif
