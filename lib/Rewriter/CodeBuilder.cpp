//===- CodeBuilder.cpp - Inserted code as lines and indented blocks -------===//
#include "tdrc/Rewriter/CodeBuilder.h"

namespace tdrc {

CodeBuilder &CodeBuilder::line(const std::string &L) {
  Text += Indent + L + "\n";
  return *this;
}

CodeBuilder &CodeBuilder::open(const std::string &Head) { return nest(Head); }

CodeBuilder &CodeBuilder::close(const std::string &Tail) {
  unnest();
  return line(Tail);
}

CodeBuilder &CodeBuilder::nest(const std::string &Head) {
  line(Head);
  Indent += "  ";
  return *this;
}

CodeBuilder &CodeBuilder::unnest() {
  if (Indent.size() >= 2)
    Indent.resize(Indent.size() - 2);
  return *this;
}

CodeBuilder &CodeBuilder::append(const std::string &Lines) {
  Text += Lines;
  return *this;
}

} // namespace tdrc
