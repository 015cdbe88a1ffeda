//===- ExpansionRecorder.h - The tokens of the main file's macro invocations ===//
//
// Macro unfolding (MacroUnfold.h) needs, for an invocation written in the
// kernel file, the tokens it expanded to.  syntax::TokenCollector records
// every token of every file and re-lexes them all at the end, which costs
// more than the parse for kernels that include large headers; this records
// only the expanded tokens whose expansion starts in the main file, as the
// preprocessor hands them to the parser (its token watcher).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_EXPANSIONRECORDER_H
#define TDRC_REWRITER_EXPANSIONRECORDER_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
}

namespace tdrc {

struct ExpandedToken {
  clang::tok::TokenKind Kind;
  std::string Text;
  clang::SourceLocation Loc; // a macro location
};

class ExpansionRecorder {
public:
  /// Starts recording (before the main file is entered); PP must outlive
  /// the parse, this object the uses of tokens().
  explicit ExpansionRecorder(clang::Preprocessor &PP);

  /// The expanded tokens of the outermost invocation whose name starts at
  /// Offset in the main file; null if none was recorded, or if one of them
  /// cannot be spelled as text (an annotation, e.g. from _Pragma).
  const std::vector<ExpandedToken> *tokens(unsigned Offset) const;

private:
  struct Invocation {
    std::vector<ExpandedToken> Toks;
    bool Unspellable = false;
  };
  llvm::DenseMap<unsigned, Invocation> ByOffset;
};

} // namespace tdrc

#endif
