//===- EditList.h - Non-overlapping edits of one file ----------------------===//
//
// Insertions at the same offset keep the order they were added in, which
// tooling::Replacements refuses (it only accepts order-independent edits); so
// edits are collected here, merged per offset, and then handed to
// tooling::Replacements to apply.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_EDITLIST_H
#define TDRC_REWRITER_EDITLIST_H

#include "llvm/Support/Error.h"
#include <map>
#include <string>

namespace tdrc {

class EditList {
public:
  void insert(unsigned Offset, const std::string &Text);
  void replace(unsigned Offset, unsigned Length, const std::string &Text);
  bool empty() const { return Edits.empty(); }
  /// Whether an edit already changes text inside [Begin, End) or inserts
  /// strictly inside it (one that inserts at Begin stays before a
  /// replacement of the range).
  bool touches(unsigned Begin, unsigned End) const;
  /// Applies everything; fails if two replacements overlap.
  llvm::Expected<std::string> apply(llvm::StringRef FileName,
                                    llvm::StringRef Code) const;

private:
  struct Edit {
    std::string Before;  // inserted at Offset
    unsigned Length = 0; // replaced characters
    std::string Text;    // replacement
    bool Replaces = false;
  };
  std::map<unsigned, Edit> Edits;
};

} // namespace tdrc

#endif
