//===- MeldLegality.cpp - What may not be melded ---------------------------===//
//
// Melding interleaves the statements of the two sides of a branch in one
// sequence that every work-item runs, each work-item executing only its own
// side's statements (and its side's operand in every select).  That keeps
// each work-item's results; what it can change is what work-items see of
// each other, and names:
//   - barriers, collectives and warp-level calls (the sides would meet at a
//     barrier or vote together that never did before);
//   - atomics whose result is used and floating-point atomics (the order in
//     which the two sides' work-items reach them changes), and printf (the
//     order of its lines);
//   - labels and case labels reached from outside (a jump into the melded
//     code), inline assembly;
//   - declarations of the two sides end up in one scope: a name one side
//     declares must not hide a variable the other side reads, and a
//     declaration kept to one side must split into a declaration and a
//     guarded assignment.
//
//===----------------------------------------------------------------------===//
#include "Melder.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace tdrc {

namespace {

class BlockerScan : public RecursiveASTVisitor<BlockerScan> {
public:
  BlockerScan(KernelAnalyses &A, const Stmt *If,
              llvm::DenseSet<const FunctionDecl *> &Seen)
      : A(A), If(If), Seen(Seen) {}
  std::optional<std::string> Reason;

  bool VisitLabelStmt(LabelStmt *L) {
    return fail("it has the label '" + std::string(L->getName()) + "' at " +
                A.loc(L->getBeginLoc()));
  }
  bool VisitAsmStmt(AsmStmt *S) {
    return fail("it uses inline assembly at " + A.loc(S->getAsmLoc()));
  }
  bool VisitSwitchCase(SwitchCase *C) {
    // A case label of a switch around the branch is a jump into it.
    for (const Stmt *P = A.PM.getParent(C); P; P = A.PM.getParent(P)) {
      if (P == If)
        return fail("a case label of a switch around it is inside it, at " +
                    A.loc(C->getBeginLoc()));
      if (isa<SwitchStmt>(P))
        return true;
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return fail("it calls through a function pointer at " +
                  A.loc(CE->getBeginLoc()));
    std::string At =
        "'" + calleeName(Callee).str() + "' at " + A.loc(CE->getBeginLoc());
    if (const FunctionDecl *Def = userDefinition(Callee)) {
      if (Seen.insert(Def).second) {
        BlockerScan Inner(A, nullptr, Seen);
        Inner.TraverseStmt(Def->getBody());
        if (Inner.Reason)
          return fail(*Inner.Reason + " (in the helper called at " +
                      A.loc(CE->getBeginLoc()) + ")");
      }
      return true;
    }
    if (calleeName(Callee) == "printf")
      return fail("it prints (" + At + "): the order of its lines would change");
    switch (classifyCallee(Callee)) {
    case BuiltinKind::Barrier:
      return fail("it synchronizes (" + At + ")");
    case BuiltinKind::Collective:
      return fail("it calls the collective " + At);
    case BuiltinKind::Atomic: {
      if (valueUsed(A.Ctx, CE))
        return fail("it uses the result of the atomic " + At +
                    " (which work-item sees which value would change)");
      QualType T = CE->getNumArgs() ? CE->getArg(0)->IgnoreImpCasts()->getType()
                                    : QualType();
      if (!T.isNull() && T->isPointerType() &&
          T->getPointeeType()->isRealFloatingType())
        return fail("it calls the floating-point atomic " + At +
                    " (the order in which the work-items of the two sides reach it would change, and with it the rounding)");
      return true;
    }
    default:
      return true;
    }
  }

private:
  KernelAnalyses &A;
  const Stmt *If; // the branch or switch melded
  llvm::DenseSet<const FunctionDecl *> &Seen;
  bool fail(std::string Why) {
    if (!Reason)
      Reason = std::move(Why);
    return false;
  }
};

} // namespace

bool splittableDecl(const VarDecl *V) {
  return V && !V->isStaticLocal() && V->getStorageClass() == SC_None &&
         isThreadPrivateVar(V) && !V->getType()->isArrayType() &&
         (!V->getInit() ||
          (V->getInitStyle() == VarDecl::CInit &&
           !isa<InitListExpr>(V->getInit()->IgnoreImplicit()))) &&
         V->getType().isTrivialType(V->getASTContext());
}

void declaredIn(const Stmt *S, llvm::DenseSet<const VarDecl *> &Out) {
  if (!S)
    return;
  if (auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (auto *V = dyn_cast<VarDecl>(D))
        Out.insert(V);
  for (const Stmt *C : S->children())
    declaredIn(C, Out);
}

void scanSide(const Stmt *S, llvm::DenseSet<const VarDecl *> &Declared,
              std::vector<const DeclRefExpr *> &Refs) {
  if (!S)
    return;
  if (auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (auto *V = dyn_cast<VarDecl>(D)) {
        Declared.insert(V);
        if (V->getInit())
          scanSide(V->getInit(), Declared, Refs);
      }
  if (auto *DR = dyn_cast<DeclRefExpr>(S))
    Refs.push_back(DR);
  for (const Stmt *C : S->children())
    scanSide(C, Declared, Refs);
}

namespace {

struct ScopeNames {
  llvm::StringSet<> OnlyA, OnlyB, Paired;
  std::optional<std::string> Problem;
};

void collectDecl(const DeclStmt *DS, MeldNode::Kind K, ScopeNames &N) {
  for (const Decl *D : DS->decls()) {
    auto *V = dyn_cast<VarDecl>(D);
    if (K != MeldNode::Pair && !splittableDecl(V)) {
      if (!N.Problem)
        N.Problem = "the declaration at line " +
                    std::to_string(V ? V->getASTContext()
                                           .getSourceManager()
                                           .getExpansionLineNumber(
                                               DS->getBeginLoc())
                                     : 0) +
                    " cannot be split into a declaration and a guarded "
                    "assignment";
      continue;
    }
    if (!V)
      continue;
    (K == MeldNode::Pair ? N.Paired
                         : K == MeldNode::OnlyA ? N.OnlyA : N.OnlyB)
        .insert(V->getName());
  }
}

void collectNames(const std::vector<MeldNode> &Seq, ScopeNames &N) {
  for (const MeldNode &M : Seq) {
    const Stmt *S = M.K == MeldNode::OnlyB ? M.B : M.A;
    if (auto *DS = dyn_cast<DeclStmt>(S))
      collectDecl(DS, M.K, N);
    if (auto *F = dyn_cast<ForStmt>(S); F && M.K == MeldNode::Pair)
      if (auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
        collectDecl(DS, M.K, N);
    collectNames(M.First, N);
    collectNames(M.Second, N);
  }
}

std::optional<std::string> hidden(const Stmt *Side,
                                  const llvm::StringSet<> &OtherOnly) {
  llvm::DenseSet<const VarDecl *> Declared;
  std::vector<const DeclRefExpr *> Refs;
  scanSide(Side, Declared, Refs);
  for (const DeclRefExpr *R : Refs)
    if (auto *V = dyn_cast<VarDecl>(R->getDecl());
        V && !Declared.count(V) && OtherOnly.count(V->getName()))
      return "the other side declares '" + V->getNameAsString() +
             "', which would hide the variable this side reads";
  return std::nullopt;
}

} // namespace

std::optional<std::string> meldBlocker(KernelAnalyses &A, const Stmt *Root,
                                       llvm::ArrayRef<const Stmt *> Parts) {
  llvm::DenseSet<const FunctionDecl *> Seen;
  BlockerScan Scan(A, Root, Seen);
  for (const Stmt *S : Parts)
    if (!Scan.Reason)
      Scan.TraverseStmt(const_cast<Stmt *>(S));
  if (Scan.Reason)
    return Scan.Reason;
  // The melded code is assembled from the statements' text: a directive
  // between them (a `#define` a later statement uses, an `#if` arm) would
  // be lost or land in the wrong place.
  if (std::optional<SourceLocation> At = A.structuralDirectiveIn(Root))
    return "a preprocessor directive at " + A.loc(*At) + " is inside it";
  return std::nullopt;
}

std::optional<std::string> meldBlocker(KernelAnalyses &A, const IfStmt *If) {
  return meldBlocker(A, If, {If->getThen(), If->getElse()});
}

std::optional<std::string> nameConflict(const MeldedBranch &M) {
  ScopeNames N;
  collectNames(M.Seq, N);
  if (N.Problem)
    return N.Problem;
  for (const auto &E : N.OnlyA)
    if (N.OnlyB.count(E.getKey()) || N.Paired.count(E.getKey()))
      return "both sides declare '" + E.getKey().str() +
             "' (of different types or in different places)";
  for (const auto &E : N.OnlyB)
    if (N.Paired.count(E.getKey()))
      return "both sides declare '" + E.getKey().str() +
             "' (of different types or in different places)";
  if (auto Why = hidden(M.If->getThen(), N.OnlyB))
    return Why;
  return hidden(M.If->getElse(), N.OnlyA);
}

} // namespace tdrc
