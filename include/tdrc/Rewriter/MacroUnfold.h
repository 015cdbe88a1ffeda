//===- MacroUnfold.h - Macro invocations a transform would have to edit ----===//
//
// Real kernels spell branches, loops and work-item ID queries inside macros
// (`#define GID get_global_id(0)`, `#define STEP(c) if (c) {...}`).  An edit
// cannot go inside a macro's text without changing every other use of it,
// so the transforms decline such code.  Unfolding rewrites the outermost
// invocation in a kernel body into its expansion (formatted, one statement
// per line, after a comment naming the macro) and the kernel is analysed
// again; the rest of the file stays byte for byte as it was.
//
// The front end (TdrcFrontend.cpp) records the invocations' tokens while
// parsing (ExpansionRecorder.h), finds those to unfold (findMacroUnfolds), parses the unfolded text (applyUnfolds) and keeps the
// unfolding only where a transform then edited the expansion (the other
// invocations go back as they were written).  `#line` markers in and
// after multi-line expansions keep every line's number (diagnostics,
// --explain, `#pragma tdr`: code from a macro is at the invocation's line);
// dropUnfoldMarkers removes them from the output.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_MACROUNFOLD_H
#define TDRC_REWRITER_MACROUNFOLD_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace tdrc {

class ExpansionRecorder;

/// One invocation in the main file, replaced by Text.
struct MacroUnfold {
  unsigned Begin = 0, End = 0; // its file offsets, End past the last char
  std::string Macro;           // the macro's name
  std::string Text;            // the formatted expansion, comment first
  std::string Spelled;         // the invocation as written
  unsigned Line = 0;           // the line its invocation starts on
  /// Multi-line text: where the next original line starts and its number
  /// (a `#line` marker goes there); Marker is false at the end of the file.
  bool Marker = false;
  unsigned NextLineOffset = 0, NextLine = 0;
};

struct KernelUnfolds {
  std::string Kernel;                // its name
  std::vector<MacroUnfold> Unfolds;  // in file order, disjoint
};

/// The invocations in the kernels' bodies whose expansion holds a branch,
/// loop, jump, work-item ID query (group IDs too) or call of a helper that
/// reads an ID (or whose arguments do), that can be
/// spelled as plain text (Rec recorded their tokens while parsing): none
/// uses a macro defined on the command line or one whose name the file
/// tests with #ifndef/defined (the output is compiled later, perhaps with
/// other -D flags), none holds a `_Pragma` or a preprocessor directive, and
/// the expansion itself holds the branch, loop, jump, ID query or call.
std::vector<KernelUnfolds>
findMacroUnfolds(clang::ASTContext &Ctx, const ExpansionRecorder &Rec,
                 llvm::ArrayRef<const clang::FunctionDecl *> Kernels);

/// Code with the given kernels' invocations replaced (and markers added),
/// and where each expansion landed.
struct UnfoldedSource {
  struct Span {
    const KernelUnfolds *Kernel;
    const MacroUnfold *Unfold;
    unsigned Begin, End; // offsets in Text
  };
  std::string Text;
  std::vector<Span> Spans;
};
UnfoldedSource applyUnfolds(llvm::StringRef Code,
                            llvm::ArrayRef<const KernelUnfolds *> Kernels);

/// Text without applyUnfolds's `#line` marker lines (also in copies a
/// transform made of them).
std::string dropUnfoldMarkers(llvm::StringRef Text);

/// "; macro FOO (line 12) unfolded ..." for --explain's kernel line.
std::string unfoldSummary(llvm::ArrayRef<const MacroUnfold *> Unfolds);

} // namespace tdrc

#endif
