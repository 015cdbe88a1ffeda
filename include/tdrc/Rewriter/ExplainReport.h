//===- ExplainReport.h - --explain as text lines and as JSON ---------------===//
//
// Both forms come from the same records: the pass manager's KernelOutcome
// (or a kernel the front end leaves alone).  The JSON schema is
// docs/explain-schema.json (version ExplainSchemaVersion); its "text" fields
// are exactly the text report's lines.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_EXPLAINREPORT_H
#define TDRC_REWRITER_EXPLAINREPORT_H

#include "tdrc/Rewriter/PassManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace tdrc {

constexpr int ExplainSchemaVersion = 1;

class ExplainReport {
public:
  explicit ExplainReport(const clang::SourceManager &SM) : SM(SM) {}
  /// A kernel the pass manager ran on.
  void add(const KernelOutcome &K);
  /// A kernel left alone before any transform planned (a template, tdrc's
  /// own output): Why is the reason.
  void addUntouched(const clang::FunctionDecl *K, const std::string &Why);

  const std::vector<std::string> &lines() const { return Lines; }
  /// This file's object of the JSON report.
  llvm::json::Object json(llvm::StringRef File, bool Cuda) const;

  /// "file:line:col" of L's expansion.
  static std::string where(const clang::SourceManager &SM,
                           clang::SourceLocation L);

private:
  llvm::json::Object location(clang::SourceLocation L) const;
  const clang::SourceManager &SM;
  std::vector<std::string> Lines;
  llvm::json::Array Kernels;
};

} // namespace tdrc

#endif
