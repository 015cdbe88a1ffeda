//===- TemplateKernels.h - CUDA kernel templates, per instantiation -------===//
//
// A `__global__` function template is analysed where its types and values
// are known: in each instantiation the file uses.  An instantiation whose
// rewrite stays inside the kernel's body is written, after the template, as
// an explicit specialization holding the rewritten body; the template
// itself stays as written, so other arguments (and other files) still get
// the original code.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_TEMPLATEKERNELS_H
#define TDRC_REWRITER_TEMPLATEKERNELS_H

#include "tdrc/Rewriter/PassManager.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace tdrc {

class EditList;
struct Dialect;

/// Opens the body of every specialization tdrc writes: a file rewritten
/// twice stays the same.
inline constexpr const char *SpecializationMarker =
    "/* tdrc: rewritten instantiation of template";

/// What became of one instantiation of a kernel template.
struct InstantiationOutcome {
  KernelOutcome Outcome; // the pass manager's, on the instantiation
  bool Written = false;  // its explicit specialization was inserted
};

/// What became of a kernel template's instantiations.
struct TemplateOutcome {
  std::vector<InstantiationOutcome> Instantiations;
  unsigned Written = 0;
  /// Why the template as a whole was not looked into ("" when it was).
  std::string Why;
};

/// Runs PM (which must not keep originals: no launcher chooses for a
/// specialization) on each instantiation of the kernel template Pattern
/// that the file defines, and inserts the explicit specializations into
/// Edits after the template's definition.  Options are PM's: their
/// directives are translated to each instantiation's statements for its
/// run.
TemplateOutcome rewriteTemplateKernel(clang::ASTContext &Ctx,
                                      const clang::FunctionDecl *Pattern,
                                      PassManager &PM,
                                      TransformOptions &Options,
                                      const Dialect &D, EditList &Edits);

/// The name with its template arguments (`scan<float, 256>`), for reports.
std::string kernelDisplayName(const clang::FunctionDecl *K);

} // namespace tdrc

#endif
