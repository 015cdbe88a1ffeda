//===- CodeBuilder.cpp - Inserted code as lines and indented blocks -------===//
#include "tdrc/Rewriter/CodeBuilder.h"

namespace tdrc {

CodeBuilder &CodeBuilder::line(const std::string &L) {
  Text += Indent + L + "\n";
  return *this;
}

CodeBuilder &CodeBuilder::open(const std::string &Head) {
  line(Head);
  Indent += "  ";
  return *this;
}

CodeBuilder &CodeBuilder::close(const std::string &Tail) {
  if (Indent.size() >= 2)
    Indent.resize(Indent.size() - 2);
  return line(Tail);
}

CodeBuilder &CodeBuilder::append(const std::string &Lines) {
  Text += Lines;
  return *this;
}

} // namespace tdrc
