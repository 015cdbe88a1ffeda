//===- TdrPragmas.h - Read `#pragma tdr` lines and attach them ------------===//
//
// Two steps.  While Clang preprocesses, a PragmaHandler for `tdr` lexes each
// `#pragma tdr ...` line of the main file into clauses (malformed lines get a
// warning and are dropped).  After parsing, attachTdrPragmas() ties each line
// to the if/switch or kernel whose first token follows it and merges the
// lines of one branch, warning about misplaced and contradictory ones.
//
// Grammar (tokens are not macro-expanded; words are case-sensitive):
//   #pragma tdr off
//   #pragma tdr skip
//   #pragma tdr meld       (= target transforms(meld): melded, forced)
//   #pragma tdr [target] [algorithm(hot|dgi)] [neighbors(16|32|64)]
//               [transforms(NAME, -NAME, ...)]
// with at least one clause, each at most once, in any order, and nothing
// else on the line.  `algorithm(hot)` and `neighbors(N)` (DGI's factor)
// exclude each other.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_TDRPRAGMAS_H
#define TDRC_REWRITER_TDRPRAGMAS_H

#include "tdrc/TDR/Directives.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include <memory>
#include <string>
#include <vector>

namespace tdrc {

/// One clause of a `#pragma tdr` line.
struct TdrClause {
  enum Kind { Target, Skip, Off, Algo, Neighbors, Transforms } K = Target;
  unsigned Value = 0;        // Algo: an Algorithm; Neighbors: N
  /// Transforms: each named transform, enabled (true) or not (`-name`).
  std::vector<std::pair<std::string, bool>> Names;
  clang::SourceLocation Loc; // the clause's first token
  std::string text() const;  // as written: "target", "algorithm(hot)", ...
};

/// One `#pragma tdr` line of the main file.
struct TdrPragmaLine {
  clang::SourceLocation Hash;  // the line's `#`
  unsigned Begin = 0, End = 0; // main-file offsets of `#` and end of line
  bool Valid = false;          // parsed cleanly (malformed lines only mask)
  std::vector<TdrClause> Clauses;
  bool isOff() const { return Valid && Clauses[0].K == TdrClause::Off; }
};

/// A warning about a `#pragma tdr` line, reported by emitTdrWarnings().
struct TdrWarning {
  clang::SourceLocation Loc;
  std::string Message;
};

/// What the handler saw, in source order.
struct TdrPragmaLog {
  std::vector<TdrPragmaLine> Lines;
  std::vector<TdrWarning> Warnings; // syntax and placement
};

/// Registers the `#pragma tdr` handler; the log fills while PP runs.
std::shared_ptr<TdrPragmaLog> registerTdrPragmas(clang::Preprocessor &PP);

/// Attaches the log's valid lines to the AST; appends to Log.Warnings.
TdrDirectives attachTdrPragmas(clang::ASTContext &Ctx, TdrPragmaLog &Log);

/// Prints Warnings in source order as Clang warnings on the client of Ctx's
/// DiagnosticsEngine.  A separate engine: `-w` (which keeps the user's own
/// warnings quiet) and `-Werror` do not touch them.
void emitTdrWarnings(clang::ASTContext &Ctx,
                     const std::vector<TdrWarning> &Warnings);

} // namespace tdrc

#endif
