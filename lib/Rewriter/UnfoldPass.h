//===- UnfoldPass.h - What one parse tells the next about macros ----------===//
//
// The front end parses a file once; where kernels it left unchanged (or
// changed, but a macro stopped a transform somewhere) spell code in macros,
// it parses the file again with those invocations unfolded (MacroUnfold.h).
// UnfoldPass is what each parse records for that; unfoldVerdict decides
// which parse's output stands.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_UNFOLDPASS_H
#define TDRC_REWRITER_UNFOLDPASS_H

#include "GridStride.h"
#include "tdrc/Rewriter/ExpansionRecorder.h"
#include "tdrc/Rewriter/MacroUnfold.h"
#include "llvm/ADT/ArrayRef.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tdrc {

struct UnfoldPass {
  std::unique_ptr<ExpansionRecorder> Tokens;      // the first parse only
  std::vector<KernelUnfolds> Found;               // the first parse's
  std::string MainText;                           // the first parse's input
  llvm::ArrayRef<UnfoldedSource::Span> Unfolded;  // a later parse's
  std::vector<std::string> Changed; // kernels this parse changed
  /// Kernels added after each kernel left as it was (the split transform's
  /// parts): a parse with macros unfolded may add more (IDs spelled in
  /// macros can then be redirected).
  std::map<std::string, unsigned> Added;
  /// Statements each kernel's plans changed: a kernel some transform
  /// changed without its macros unfolded is unfolded too where a macro
  /// stopped another, and takes the unfolded parse only if it changes more.
  std::map<std::string, unsigned> Statements;
  /// The first parse's grid-stride loops around branches it declined for a
  /// varying trip count (GridStride.h); a later parse's, rewritten.
  std::vector<StrideLoop> Strides;
  llvm::ArrayRef<StrideLoop> Strided;
};

enum class UnfoldVerdict {
  First,    // a kernel changed less once unfolded: the first parse stands
  Unfolded, // the unfolded parse, its output without markers
  Neither,  // nothing gained: the first parse's output, the second's
            // --explain (it says what stops the kernels with macros unfolded)
};

/// Compares the parses of the kernels in All: a kernel the first parse
/// changed must change more statements in the second; one it left alone
/// must change (or gain split parts).
UnfoldVerdict unfoldVerdict(const UnfoldPass &First, const UnfoldPass &Second,
                            llvm::ArrayRef<const KernelUnfolds *> All);

} // namespace tdrc

#endif
