//===- CodeBuilder.h - Inserted code as lines and indented blocks ---------===//
//
// Transforms spell the code they insert with a CodeBuilder instead of
// concatenating strings: a line at the current indentation, a block opened
// by a head line and closed by its brace, and named pieces kept apart (so
// no text is ever patched after it is built).  Indentation follows the
// statement the code is inserted before, two spaces a level.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_CODEBUILDER_H
#define TDRC_REWRITER_CODEBUILDER_H

#include <string>

namespace tdrc {

class CodeBuilder {
public:
  /// Lines start at Indent (the indentation of the code around them).
  explicit CodeBuilder(std::string Indent = "") : Indent(std::move(Indent)) {}

  /// One line: the indentation, Text and a newline.
  CodeBuilder &line(const std::string &Text);
  /// `Head` on a line of its own (it ends with "{"), then one level deeper.
  CodeBuilder &open(const std::string &Head);
  /// Back one level, then `Tail` ("}" by default) on a line of its own.
  CodeBuilder &close(const std::string &Tail = "}");
  /// `Head` (an `if` or a loop without braces) on a line of its own, then
  /// one level deeper for the one statement it governs; unnest() goes back.
  CodeBuilder &nest(const std::string &Head);
  CodeBuilder &unnest();
  /// Text that is already complete lines (another builder's str()).
  CodeBuilder &append(const std::string &Lines);

  const std::string &indent() const { return Indent; }
  const std::string &str() const { return Text; }
  bool empty() const { return Text.empty(); }

private:
  std::string Indent;
  std::string Text;
};

} // namespace tdrc

#endif
