//===- KernelAnalyses.h - Analyses of one kernel, shared by every transform ===//
//
// The pass manager computes these once per kernel and hands the same object
// to every transform: divergence (ThreadDependence), the parent map, which
// private variables are written, which statements touch global memory, and
// the CFG with LiveVariables (built on first use).  Transforms read them and
// keep their own decisions elsewhere.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_KERNELANALYSES_H
#define TDRC_TDR_KERNELANALYSES_H

#include "tdrc/TDR/ThreadDependence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

class KernelAnalyses {
public:
  KernelAnalyses(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel);
  KernelAnalyses(const KernelAnalyses &) = delete;
  KernelAnalyses &operator=(const KernelAnalyses &) = delete;

  clang::ASTContext &Ctx;
  const clang::FunctionDecl *Kernel;
  const clang::CompoundStmt *Body;
  /// Divergence: the dependence class of every variable and expression.
  ThreadDependence TD;
  clang::ParentMap PM;
  /// Private variables written after their declaration (or address-taken).
  llvm::DenseSet<const clang::VarDecl *> Written;
  /// Statements that may write global memory: stores through pointers that
  /// are not private, atomics, image/vector stores, calls of helpers that
  /// take pointers (conservatively).
  std::vector<const clang::Stmt *> GlobalWrites;
  /// Statements that may read or write global memory.
  std::vector<const clang::Stmt *> GlobalAccesses;

  /// The kernel's CFG context (every statement kept, so LiveVariables
  /// answers for all of them); null when Clang cannot build the CFG.
  clang::AnalysisDeclContext *cfg();

  std::string loc(clang::SourceLocation L) const; // "line:col"
  bool before(clang::SourceLocation A, clang::SourceLocation B) const;
  bool contains(const clang::Stmt *Outer, const clang::Stmt *Inner) const;
  Dep condDep(const clang::Stmt *S); // the condition class of if/loop/switch
  /// The node's text is a contiguous range of the file (macros may be used
  /// inside it, but it does not start or end inside a macro expansion).
  bool spelledInFile(const clang::Stmt *S) const;
  /// The first directive in S's text that changes what the code means when
  /// copied (#if and its kin, #define, #undef, #include), if any: a
  /// transform that copies statements must not split or repeat them.
  std::optional<clang::SourceLocation>
  structuralDirectiveIn(const clang::Stmt *S) const;

private:
  std::unique_ptr<clang::AnalysisDeclContextManager> ADCM;
  clang::AnalysisDeclContext *ADC = nullptr;
};

/// The largest work-group a kernel runs with: reqd_work_group_size's
/// product (Fixed), or CUDA's __launch_bounds__ (a larger launch fails;
/// LaunchBounds), else Default.
struct WorkGroupBound {
  unsigned Size = 0;
  bool Fixed = false;
  bool LaunchBounds = false;
};
WorkGroupBound workGroupBound(const clang::FunctionDecl *K, unsigned Default);

/// The condition of an if, switch or loop.
const clang::Expr *condOf(const clang::Stmt *S);

/// Whether the value of E is used: E is not a statement of its own, nor
/// cast to void (an atomic whose result a work-item reads, for instance).
bool valueUsed(clang::ASTContext &Ctx, const clang::Expr *E);

// MemoryAccesses.cpp (run by the constructor)
void collectWrites(KernelAnalyses &A);
void collectGlobalWrites(KernelAnalyses &A);

} // namespace tdrc

#endif
