//===- Melder.h - Aligning two sides of a branch (internal to Meld/) ------===//
//
// ExprMatch.cpp melds two expressions: the same operator skeleton is written
// once and the operands that differ become selects.  StmtAlign.cpp melds two
// statements (regions recursively) and aligns two statement sequences.
// MeldLegality.cpp says what may not be melded at all.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_LIB_TDR_MELD_MELDER_H
#define TDRC_LIB_TDR_MELD_MELDER_H

#include "MeldPlan.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace tdrc {

class KernelAnalyses;

struct MeldEnv {
  clang::ASTContext &Ctx;
  const SourceText &Src;
  /// The variables each side of the branch declares (sameVariable()).
  const llvm::DenseSet<const clang::VarDecl *> *DeclaredA = nullptr,
                                               *DeclaredB = nullptr;
};

/// DARM weight of one expression tree / of every expression in a statement.
double exprWeight(const MeldEnv &E, const clang::Expr *X);
double stmtWeight(const MeldEnv &E, const clang::Stmt *S);

/// Melds A and B into Out.  With TopSelect, A and B as a whole may become
/// one select; without, their roots must be the same operation (a
/// statement's expression).  False (Out unchanged) when they cannot meld.
bool meldExprs(const MeldEnv &E, const clang::Expr *A, const clang::Expr *B,
               bool TopSelect, ExprMeld &Out);

/// A pair of statements melded, or nothing.
std::optional<MeldNode> meldStmts(const MeldEnv &E, const clang::Stmt *A,
                                  const clang::Stmt *B);
/// The statements of a branch side or a body (a compound's children, or
/// the statement alone).
std::vector<const clang::Stmt *> sequenceOf(const clang::Stmt *S);
/// The best order-preserving alignment of two sequences; empty with Failed
/// set when they are too long to align.
std::vector<MeldNode> alignSequences(const MeldEnv &E,
                                     llvm::ArrayRef<const clang::Stmt *> A,
                                     llvm::ArrayRef<const clang::Stmt *> B,
                                     bool &Failed);

/// Why the sides of If may not be melded at all (barriers, collectives,
/// labels, declarations that cannot be guarded), or nothing.
std::optional<std::string> meldBlocker(KernelAnalyses &A,
                                       const clang::IfStmt *If);
std::optional<std::string> meldBlocker(KernelAnalyses &A,
                                       const clang::Stmt *Root,
                                       llvm::ArrayRef<const clang::Stmt *> Parts);
/// The variables declared inside S.
void declaredIn(const clang::Stmt *S, llvm::DenseSet<const clang::VarDecl *> &Out);
/// Variables declared inside S, and S's references (those to variables
/// declared outside it are the ones not in Declared).
void scanSide(const clang::Stmt *S, llvm::DenseSet<const clang::VarDecl *> &Declared,
              std::vector<const clang::DeclRefExpr *> &Refs);
/// A declaration that can become a declaration and a later assignment.
bool splittableDecl(const clang::VarDecl *V);
/// Why the melded sequence would bind a name to another variable than the
/// original (declarations of the two sides share one scope), or nothing.
std::optional<std::string> nameConflict(const MeldedBranch &M);

/// The case groups of Sw that do something, and the labels of those that
/// do nothing (SwitchCases.cpp), or why its cases cannot be melded.
std::optional<std::string> caseGroups(const clang::SwitchStmt *Sw,
                                      std::vector<CaseGroup> &Groups,
                                      std::vector<CaseLabel> &EmptyLabels);

/// The paths of the if/else-if chain If as groups (ChainCases.cpp): M's
/// Chain, ChainConds, Groups and EmptyLabels; or why it is not a chain of
/// three paths or more that can be melded as one.
std::optional<std::string> chainGroups(const clang::IfStmt *If,
                                       MeldedSwitch &M);

/// The N-way meld of Sw's groups (SwitchMeld.cpp): fills M.Seq, the pivot
/// and the estimate, or says why the cases do not meld.
std::optional<std::string> meldSwitchCases(MeldEnv &E, MeldedSwitch &M);

} // namespace tdrc

#endif
